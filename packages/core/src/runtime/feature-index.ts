/**
 * The search index of an instance's features (`ctx.caches.featureIndex`): one compact row per feature
 * (what search filters and sorts by), by name, with sets by project and by tag, and the names in
 * creation order. It follows the event log: at each new storage revision it reads only the events
 * since the last one it applied (every feature write commits at least one event naming its feature)
 * and reads those features again, with the parents they name (whose children changed). It is built
 * from every feature once (at the first search, and when more than REBUILD_AFTER events came at once),
 * so a search page costs the filters over the candidate rows, not a read of every feature.
 * Changes that write no event (a lifecycle stage or `lastSeenAt` from SDK metrics) reach it through
 * the usage stamps (usage-stamps.ts): a row's `lastSeenAt` is brought up to date when it moves to a new
 * hour or the stage changes; the answer itself is built from the stored features of the page.
 */
import type { FeatureRecord, FeatureType, LifecycleStage } from '../base/records';
import type { ReadTx } from '../base/storage';
import { tagKey } from '../base/tags';
import { readUsageStamps, stampedSince } from './usage-stamps';

/** More new events than this at once: the index is built again from the features instead. */
export const REBUILD_AFTER = 5_000;

export interface FeatureRow {
  name: string;
  /** Lower case, for `query`. */
  text: string;
  project: string;
  type: FeatureType;
  stale: boolean;
  archived: boolean;
  favorite: boolean;
  createdAt: string;
  createdById: number;
  lastSeenAt: string | null;
  stage: LifecycleStage;
  tags: readonly string[];
  enabled: ReadonlyMap<string, boolean>;
  isChild: boolean;
  isParent: boolean;
}

const rowOf = (f: FeatureRecord): FeatureRow => ({
  name: f.name,
  text: `${f.name}\u0000${f.description ?? ''}`.toLowerCase(),
  project: f.project,
  type: f.type,
  stale: f.stale,
  archived: f.archived,
  favorite: f.favorite,
  createdAt: f.createdAt,
  createdById: f.createdBy?.id ?? 0,
  lastSeenAt: f.lastSeenAt,
  stage: f.lifecycle.stage,
  tags: f.tags.map(tagKey),
  enabled: new Map(f.environments.map((e) => [e.name, e.enabled])),
  isChild: f.dependencies.length > 0,
  isParent: f.children.length > 0,
});

export class FeatureIndex {
  private rows = new Map<string, FeatureRow>();
  private byProject = new Map<string, Set<string>>();
  private byTag = new Map<string, Set<string>>();
  private ordered: FeatureRow[] | undefined;
  private revision = -1;
  private applied = -1;
  /** The last usage stamp applied (usage-stamps.ts). */
  private stamped = 0;
  private running: Promise<void> = Promise.resolve();

  /** Brings the index to the transaction's state (serialized: one refresh at a time). */
  refresh(tx: ReadTx): Promise<void> {
    const next = this.running.then(() => this.refreshNow(tx));
    this.running = next.catch(() => undefined);
    return next;
  }

  get(name: string): FeatureRow | undefined {
    return this.rows.get(name);
  }

  /** The rows of these projects (or of every project), before any other filter. */
  candidates(projects?: readonly string[], tags?: readonly string[]): Iterable<FeatureRow> {
    const sets = projects ? projects.map((p) => this.byProject.get(p)) : tags ? tags.map((t) => this.byTag.get(t)) : undefined;
    if (!sets) return this.rows.values();
    const names = new Set<string>();
    for (const set of sets) for (const name of set ?? []) names.add(name);
    return [...names].map((n) => this.rows.get(n)!);
  }

  /** Every row by creation time, then name (kept until a row changes). */
  inCreationOrder(): readonly FeatureRow[] {
    this.ordered ??= [...this.rows.values()].sort((a, b) => compareCreated(a, b));
    return this.ordered;
  }

  get size(): number {
    return this.rows.size;
  }

  private async refreshNow(tx: ReadTx): Promise<void> {
    const revision = await tx.revision();
    if (revision <= this.revision) return;
    const count = await tx.countEvents({});
    const stamps = await readUsageStamps(tx);
    const stamped = this.applied < 0 ? undefined : stampedSince(stamps, this.stamped);
    if (stamped === undefined || count - this.applied > REBUILD_AFTER || count < this.applied) {
      this.clear();
      for (const f of await tx.list('features')) this.set(f.name, rowOf(f));
    } else if (count > this.applied || stamped.length > 0) {
      const names = new Set<string>(stamped);
      for (const text of count > this.applied ? await tx.events({ limit: count - this.applied }) : []) {
        const name = (JSON.parse(text) as { featureName: string | null }).featureName;
        if (name !== null) names.add(name);
      }
      const related = new Set<string>();
      for (const name of names) {
        const feature = await tx.get('features', name);
        this.set(name, feature && rowOf(feature));
        for (const d of feature?.dependencies ?? []) related.add(d.feature);
        for (const c of feature?.children ?? []) related.add(c);
      }
      for (const name of related) if (!names.has(name)) this.set(name, await tx.get('features', name).then((f) => f && rowOf(f)));
      // A parent that lost its last child, or a child whose parent went, is found through the other side's new record.
    }
    this.revision = revision;
    this.applied = count;
    this.stamped = stamps.last;
  }

  private clear(): void {
    this.rows = new Map();
    this.byProject = new Map();
    this.byTag = new Map();
    this.ordered = undefined;
  }

  private set(name: string, row: FeatureRow | undefined): void {
    const old = this.rows.get(name);
    if (old) {
      this.byProject.get(old.project)?.delete(name);
      for (const t of old.tags) this.byTag.get(t)?.delete(name);
    }
    this.ordered = undefined;
    if (!row) {
      this.rows.delete(name);
      return;
    }
    this.rows.set(name, row);
    add(this.byProject, row.project, name);
    for (const t of row.tags) add(this.byTag, t, name);
  }
}

function add(index: Map<string, Set<string>>, key: string, name: string): void {
  const set = index.get(key);
  if (set) set.add(name);
  else index.set(key, new Set([name]));
}

/** Creation time, then name (code units): the order of search's default sort. */
export const compareCreated = (a: FeatureRow, b: FeatureRow): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
