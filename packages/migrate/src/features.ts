/**
 * A project's features moved a page at a time: the source's export of the page (one per environment)
 * compared with the target's features, and only what differs imported (one import per environment, each
 * one transaction), so a second move writes nothing. Parents go before the features depending on them;
 * archived features are brought, then archived. A page's import that fails is retried a feature at a time,
 * so one feature the target refuses is skipped with its reason and the rest still move.
 */
import type { ExportData, FeatureListing } from './documents';
import { statesFromExports, type FeatureState } from './feature-state';
import type { Kind } from './summary';
import { attempt, type Step } from './vocabulary';

export interface Progress {
  kind: Kind;
  done: number;
  total: number;
}

/** Search's largest page (Unleash: 100). */
const LISTING_PAGE = 100;

/** Every feature of a project at the source: live ones (parents first), then archived ones. */
async function listing(step: Step, projectId: string): Promise<FeatureListing[]> {
  const all: FeatureListing[] = [];
  for (const archived of [false, true]) {
    for (let offset = 0; ; offset += LISTING_PAGE) {
      const page = await step.from.featurePage(projectId, archived, offset, LISTING_PAGE);
      all.push(...page.features);
      if (page.features.length < LISTING_PAGE || offset + LISTING_PAGE >= page.total) break;
    }
  }
  const rank = (f: FeatureListing) => (f.archived ? 2 : f.child ? 1 : 0);
  return all.sort((a, b) => rank(a) - rank(b));
}

/** The export keeping only the features named (and what is theirs); the vocabulary stays whole. */
function only(data: ExportData, names: ReadonlySet<string>): ExportData {
  const has = (name: string | undefined) => name !== undefined && names.has(name);
  return {
    ...data,
    features: data.features.filter((f) => has(f.name)),
    featureStrategies: data.featureStrategies.filter((s) => has(s.featureName)),
    featureEnvironments: (data.featureEnvironments ?? []).filter((e) => has(e.featureName ?? e.name)),
    featureTags: (data.featureTags ?? []).filter((t) => has(t.featureName)),
    dependencies: (data.dependencies ?? []).filter((d) => has(d.feature)),
    links: (data.links ?? []).filter((l) => has(l.feature)),
  };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What to do with one feature: which environments to import (none: unchanged) and whether to archive it. */
interface Plan {
  name: string;
  kind: Kind;
  created: boolean;
  environments: string[];
  archive: boolean;
}

function plan(name: string, source: FeatureState, target: FeatureState | undefined, environments: readonly string[]): Plan | string {
  const kind: Kind = source.archived ? 'archived features' : 'features';
  const present = environments.filter((e) => source.environments.has(e));
  if (!target)
    return { name, kind, created: true, environments: present.length ? present : environments.slice(0, 1), archive: source.archived };
  if (target.project !== source.project) return `it is in project ${target.project} on the target`;
  const differing = present.filter((e) => source.environments.get(e) !== target.environments.get(e));
  if (source.shared !== target.shared && differing.length === 0) differing.push(present[0] ?? environments[0]!);
  if (target.archived && (differing.length || !source.archived))
    return source.archived
      ? 'archived on both sides and differing (an archived flag is read-only)'
      : 'archived on the target: revive it there to bring it';
  return { name, kind, created: false, environments: differing, archive: source.archived && !target.archived };
}

/** Moves one page of features; counts each in the summary. */
async function movePage(step: Step, projectId: string, environments: readonly string[], page: FeatureListing[]): Promise<void> {
  const { from, to, summary } = step;
  const names = page.map((f) => f.name);
  const exports = new Map<string, ExportData>();
  for (const environment of environments) exports.set(environment, await from.exportFeatures(projectId, environment, names));
  const sources = statesFromExports(exports);
  const targets = await to.featureStates(projectId, environments, names);
  const plans: Plan[] = [];
  for (const f of page) {
    const source = sources.get(f.name);
    const kind: Kind = f.archived ? 'archived features' : 'features';
    if (!source) {
      summary.kinds[kind].skipped.push({ name: f.name, reason: `not in ${from.label}'s export` });
      continue;
    }
    const decided = plan(f.name, source, targets.get(f.name), environments);
    if (typeof decided === 'string') summary.kinds[kind].skipped.push({ name: f.name, reason: decided });
    else if (decided.environments.length === 0 && !decided.archive) summary.kinds[kind].unchanged++;
    else plans.push(decided);
  }
  const failed = new Map<string, string>();
  for (const environment of environments) {
    const inThis = plans.filter((p) => p.environments.includes(environment) && !failed.has(p.name));
    if (inThis.length === 0 || step.dryRun) continue;
    const data = exports.get(environment)!;
    try {
      await to.importFeatures(projectId, environment, only(data, new Set(inThis.map((p) => p.name))));
    } catch (error) {
      if (step.fatal(error)) throw error;
      // One at a time, so what the target refuses is named and the rest still moves.
      for (const p of inThis) {
        try {
          await to.importFeatures(projectId, environment, only(data, new Set([p.name])));
        } catch (single) {
          if (step.fatal(single)) throw single;
          failed.set(p.name, `${environment}: ${reasonOf(single)}`);
        }
      }
    }
  }
  for (const p of plans) {
    const reason = failed.get(p.name);
    if (reason !== undefined) {
      summary.kinds[p.kind].skipped.push({ name: p.name, reason });
      continue;
    }
    if (p.archive && !(await attempt(step, p.kind, p.name, () => to.archiveFeature(projectId, p.name)))) continue;
    summary.kinds[p.kind][p.created ? 'created' : 'updated']++;
  }
}

/** Moves every feature of a project, `pageSize` at a time, reporting progress after each page. */
export async function moveFeatures(
  step: Step,
  projectId: string,
  options: { pageSize: number; onProgress?: ((progress: Progress) => void) | undefined },
): Promise<void> {
  const environments = await step.from.projectEnvironments(projectId);
  const all = await listing(step, projectId);
  for (let i = 0; i < all.length; i += options.pageSize) {
    await movePage(step, projectId, environments, all.slice(i, i + options.pageSize));
    options.onProgress?.({ kind: 'features', done: Math.min(i + options.pageSize, all.length), total: all.length });
  }
}
