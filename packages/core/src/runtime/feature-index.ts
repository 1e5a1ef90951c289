/**
 * The search index of an instance's features (`ctx.caches.featureIndex`): one compact row per feature
 * (what search filters and sorts by) in a numbered slot, by name; postings (the slots per value of each
 * field search filters by: project, type, lifecycle stage, creator, tag, `<environment>:enabled|disabled`,
 * archived, stale, favorite); each sort order search offers kept sorted (sorted-slots.ts, built at its first
 * use); the words of names and descriptions by trigram (trigram-index.ts, built at the first `query`).
 * It follows the event log: at each new storage revision it reads only the events
 * since the last one it applied (every feature write commits at least one event naming its feature)
 * and reads those features again, with the parents they name (whose children changed). It is built
 * from every feature once (at the first search, and when more than REBUILD_AFTER events came at once);
 * a changed row moves in each order and posting it is in, so a search page costs its matching set and the
 * page (rules/search-match.ts), not a pass over every feature.
 * Changes that write no event (a lifecycle stage or `lastSeenAt` from SDK metrics) reach it through
 * the usage stamps (usage-stamps.ts): a row's `lastSeenAt` is brought up to date when it moves to a new
 * hour or the stage changes; the answer itself is built from the stored features of the page.
 */
import type { FeatureRecord, FeatureType, LifecycleStage } from '../base/records';
import type { ReadTx } from '../base/storage';
import { tagKey } from '../base/tags';
import { SortedSlots } from './sorted-slots';
import { TrigramIndex } from './trigram-index';
import { readUsageStamps, stampedSince } from './usage-stamps';

/** More new events than this at once: the index is built again from the features instead. */
export const REBUILD_AFTER = 5_000;
/**
 * A refresh that moves more than one row in MOVE_SHARE (and more than MOVE_ROWS) within a sort order drops
 * that order, built again when next asked: each row moved costs an order a shift of its tail, so many moves
 * cost more than one sort. Orders the refresh's changes do not move (the creation order when only the
 * last-seen times changed) are kept.
 */
const MOVE_SHARE = 64;
const MOVE_ROWS = 256;

export interface FeatureRow {
  /** Where the row sits in the index (a slot is reused once its feature is gone). */
  slot: number;
  name: string;
  /** Lower case, for `query`. */
  text: string;
  project: string;
  type: FeatureType;
  stale: boolean;
  archived: boolean;
  favorite: boolean;
  createdAt: string;
  /** `createdAt` as ms (Date.parse). */
  createdMs: number;
  /** The creator's user id as text (the `createdBy` filter's values). */
  creator: string;
  lastSeenAt: string | null;
  stage: LifecycleStage;
  tags: readonly string[];
  enabled: ReadonlyMap<string, boolean>;
  isChild: boolean;
  isParent: boolean;
}

/**
 * The fields of the postings: `project`, `type`, `stage`, `createdBy` (the id as text), `tag` (tagKey), `status`
 * (statusKey); `archived`, `stale`, `favorite` (value `true` only). Each has a posting of live rows and one of
 * archived rows (a search looks at one side), but `archived`, the archived rows.
 */
export type PostingField = 'project' | 'type' | 'stage' | 'createdBy' | 'tag' | 'status' | 'archived' | 'stale' | 'favorite';

/** The orders search sorts by: its `sortBy` values, `environment:<name>` one per environment. */
export type SortKey = 'createdAt' | 'name' | 'type' | 'stale' | 'project' | 'lastSeenAt' | `environment:${string}`;

/** The posting key of a feature enabled (or not) in an environment. */
export const statusKey = (environment: string, enabled: boolean): string => `${environment}\u0000${enabled}`;

const rowOf = (f: FeatureRecord, slot: number): FeatureRow => ({
  slot,
  name: f.name,
  text: `${f.name}\u0000${f.description ?? ''}`.toLowerCase(),
  project: f.project,
  type: f.type,
  stale: f.stale,
  archived: f.archived,
  favorite: f.favorite,
  createdAt: f.createdAt,
  createdMs: Date.parse(f.createdAt),
  creator: String(f.createdBy?.id ?? 0),
  lastSeenAt: f.lastSeenAt,
  stage: f.lifecycle.stage,
  tags: f.tags.map(tagKey),
  enabled: new Map(f.environments.map((e) => [e.name, e.enabled])),
  isChild: f.dependencies.length > 0,
  isParent: f.children.length > 0,
});

/** A posting's key: the field, the value, and the side (archived rows apart from live ones). */
const postingKey = (field: PostingField, value: string, archived: boolean): string =>
  `${field}\u0000${value}${archived ? '\u0000archived' : ''}`;

/** The posting keys a row is filed under (`archived` itself counts every archived row). */
function postingKeys(r: FeatureRow): string[] {
  const at = (field: PostingField, value: string) => postingKey(field, value, r.archived);
  const keys = [at('project', r.project), at('type', r.type), at('stage', r.stage), at('createdBy', r.creator)];
  for (const t of new Set(r.tags)) keys.push(at('tag', t));
  for (const [env, on] of r.enabled) keys.push(at('status', statusKey(env, on)));
  if (r.archived) keys.push(postingKey('archived', 'true', false));
  if (r.stale) keys.push(at('stale', 'true'));
  if (r.favorite) keys.push(at('favorite', 'true'));
  return keys;
}

const EMPTY: ReadonlySet<number> = new Set();

export class FeatureIndex {
  private rows: (FeatureRow | undefined)[] = [];
  private byName = new Map<string, FeatureRow>();
  private free: number[] = [];
  private postings = new Map<string, Set<number>>();
  private orders = new Map<SortKey, SortedSlots<FeatureRow>>();
  /** During an incremental refresh: the rows each order moved so far, and how many it may move before it is dropped. */
  private moves = new Map<SortKey, number>();
  private moveLimit = Number.POSITIVE_INFINITY;
  private words: TrigramIndex | undefined;
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
    return this.byName.get(name);
  }

  /** The row in a slot (undefined: a free slot). */
  row(slot: number): FeatureRow | undefined {
    return this.rows[slot];
  }

  /** How many rows there are, and the number of slots (free ones included). */
  get size(): number {
    return this.byName.size;
  }

  get slots(): number {
    return this.rows.length;
  }

  /** The slots of the live (or archived) rows whose field has this value; `archived`: every archived row. */
  posting(field: PostingField, value: string, archived = false): ReadonlySet<number> {
    return this.postings.get(postingKey(field, value, field !== 'archived' && archived)) ?? EMPTY;
  }

  /**
   * Every row in this order (built at its first use, then kept sorted). An environment no row has sorts as
   * creation time (every value null), so orders are kept only for environments rows have.
   */
  order(key: SortKey): SortedSlots<FeatureRow> {
    if (key.startsWith('environment:')) {
      const env = key.slice('environment:'.length);
      const held = [true, false].some((on) => [true, false].some((side) => this.posting('status', statusKey(env, on), side).size > 0));
      if (!held) key = 'createdAt';
    }
    let order = this.orders.get(key);
    if (!order) {
      order = new SortedSlots(
        comparator(key),
        (slot) => this.rows[slot]!,
        [...this.byName.values()].map((r) => r.slot),
      );
      this.orders.set(key, order);
    }
    return order;
  }

  /** The slots that may hold `word` in their text (see TrigramIndex.candidates), the index built at its first use. */
  textCandidates(word: string): Int32Array | undefined {
    if (!this.words) {
      this.words = new TrigramIndex();
      for (const r of this.byName.values()) this.words.add(r.slot, r.text);
    }
    return this.words.candidates(word);
  }

  private async refreshNow(tx: ReadTx): Promise<void> {
    const revision = await tx.revision();
    if (revision <= this.revision) return;
    const count = await tx.countEvents({});
    const stamps = await readUsageStamps(tx);
    const stamped = this.applied < 0 ? undefined : stampedSince(stamps, this.stamped);
    if (stamped === undefined || count - this.applied > REBUILD_AFTER || count < this.applied) {
      this.clear();
      for (const f of await tx.list('features')) this.set(f.name, f);
    } else if (count > this.applied || stamped.length > 0) {
      const names = new Set<string>(stamped);
      for (const text of count > this.applied ? await tx.events({ limit: count - this.applied }) : []) {
        const name = (JSON.parse(text) as { featureName: string | null }).featureName;
        if (name !== null) names.add(name);
      }
      this.moveLimit = Math.max(MOVE_ROWS, this.byName.size / MOVE_SHARE);
      this.moves = new Map();
      const related = new Set<string>();
      for (const name of names) {
        const feature = await tx.get('features', name);
        this.set(name, feature);
        for (const d of feature?.dependencies ?? []) related.add(d.feature);
        for (const c of feature?.children ?? []) related.add(c);
      }
      for (const name of related) if (!names.has(name)) this.set(name, await tx.get('features', name));
      // A parent that lost its last child, or a child whose parent went, is found through the other side's new record.
      if (this.words?.wasteful) this.words = undefined;
      this.moveLimit = Number.POSITIVE_INFINITY;
    }
    this.revision = revision;
    this.applied = count;
    this.stamped = stamps.last;
  }

  /** Counts a row moved in an order; past the refresh's limit the order is dropped instead (false). */
  private mayMove(key: SortKey): boolean {
    if (this.moveLimit === Number.POSITIVE_INFINITY) return true;
    const n = (this.moves.get(key) ?? 0) + 1;
    this.moves.set(key, n);
    if (n <= this.moveLimit) return true;
    this.orders.delete(key);
    return false;
  }

  private clear(): void {
    this.rows = [];
    this.byName = new Map();
    this.free = [];
    this.postings = new Map();
    this.orders = new Map();
    this.words = undefined;
  }

  /** Puts the feature's row (a new one, or in place of its old one), or removes it (undefined). */
  private set(name: string, feature: FeatureRecord | undefined): void {
    const old = this.byName.get(name);
    const slot = old?.slot ?? (feature ? (this.free.pop() ?? this.rows.length) : -1);
    if (slot < 0) return;
    const row = feature && rowOf(feature, slot);
    // Out of the orders while the slot still holds the old row (each order finds it by the old row's place).
    const moved = old && this.orders.size > 0 ? [...this.orders].filter(([, o]) => !row || o.compare(old, row) !== 0) : [];
    for (const [, order] of moved) order.remove(slot, old!);
    if (old) for (const key of postingKeys(old)) this.postings.get(key)?.delete(slot);
    if (old && old.text !== row?.text) this.words?.dropped(old.text);
    if (!row) {
      this.rows[slot] = undefined;
      this.byName.delete(name);
      this.free.push(slot);
      return;
    }
    this.rows[slot] = row;
    this.byName.set(name, row);
    for (const key of postingKeys(row)) {
      const set = this.postings.get(key);
      if (set) set.add(slot);
      else this.postings.set(key, new Set([slot]));
    }
    for (const [key, order] of old ? moved : [...this.orders]) if (this.mayMove(key)) order.insert(slot, row);
    if (!old || old.text !== row.text) this.words?.add(slot, row.text);
  }
}

/** Creation time, then name (code units): the order of search's default sort. */
export const compareCreated = (a: FeatureRow, b: FeatureRow): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** The order of a sort key: by its value (null last), ties by creation time and name. */
export function comparator(key: SortKey): (a: FeatureRow, b: FeatureRow) => number {
  if (key === 'createdAt') return compareCreated;
  const value: (r: FeatureRow) => string | number | null = key.startsWith('environment:')
    ? (
        (env) => (r: FeatureRow) =>
          r.enabled.has(env) ? Number(r.enabled.get(env)) : null
      )(key.slice('environment:'.length))
    : key === 'stale'
      ? (r) => Number(r.stale)
      : (r) => r[key as 'name' | 'type' | 'project' | 'lastSeenAt'] ?? null;
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === y) return compareCreated(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  };
}
