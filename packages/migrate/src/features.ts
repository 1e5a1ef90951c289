/**
 * A project's features moved a page at a time: the source's export of the page (one per environment)
 * compared with the target's features, and only what differs imported (one import per environment, each
 * one transaction), so a second move writes nothing. Archived features are brought, then archived.
 * A page's import that fails is retried a feature at a time; a feature still refused is tried once more
 * after the last page (a dependency on a feature of a later page then exists), and only then skipped with
 * the target's reason: one feature the target refuses never holds back the rest.
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

/** What to do with one feature: the environments to import (none: unchanged), whether to archive it after. */
interface Plan {
  name: string;
  kind: Kind;
  created: boolean;
  environments: string[];
  archive: boolean;
  /** Each environment's export of this feature alone, kept for a retry after the last page. */
  retry?: Map<string, ExportData>;
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

/** Imports the plans' features in one environment; those the target refuses get their export kept for a retry. */
async function importEnvironment(step: Step, projectId: string, environment: string, data: ExportData, plans: Plan[]): Promise<void> {
  if (plans.length === 0) return;
  try {
    await step.to.importFeatures(projectId, environment, only(data, new Set(plans.map((p) => p.name))));
    return;
  } catch (error) {
    if (step.fatal(error)) throw error;
  }
  // One at a time, so what the target refuses is known by name and the rest still moves.
  for (const p of plans) {
    const alone = only(data, new Set([p.name]));
    try {
      await step.to.importFeatures(projectId, environment, alone);
    } catch (error) {
      if (step.fatal(error)) throw error;
      p.retry ??= new Map();
      p.retry.set(environment, alone);
    }
  }
}

/** Archives what the plan says and counts it. */
async function finish(step: Step, projectId: string, p: Plan): Promise<void> {
  if (p.archive && !(await attempt(step, p.kind, p.name, () => step.to.archiveFeature(projectId, p.name)))) return;
  step.summary.kinds[p.kind][p.created ? 'created' : 'updated']++;
}

/** Moves one page of features; answers the plans whose import was refused (to retry after the last page). */
async function movePage(step: Step, projectId: string, environments: readonly string[], page: FeatureListing[]): Promise<Plan[]> {
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
  if (step.dryRun) {
    for (const p of plans) summary.kinds[p.kind][p.created ? 'created' : 'updated']++;
    return [];
  }
  for (const environment of environments) {
    const inThis = plans.filter((p) => p.environments.includes(environment));
    await importEnvironment(step, projectId, environment, exports.get(environment)!, inThis);
  }
  for (const p of plans) if (!p.retry) await finish(step, projectId, p);
  return plans.filter((p) => p.retry);
}

/** The refused features tried once more, each environment its own import; still refused: skipped with the reason. */
async function retryRefused(step: Step, projectId: string, refused: Plan[]): Promise<void> {
  for (const p of refused) {
    let reason: string | undefined;
    for (const [environment, data] of p.retry!) {
      try {
        await step.to.importFeatures(projectId, environment, data);
      } catch (error) {
        if (step.fatal(error)) throw error;
        reason ??= `${environment}: ${reasonOf(error)}`;
      }
    }
    if (reason === undefined) await finish(step, projectId, p);
    else step.summary.kinds[p.kind].skipped.push({ name: p.name, reason });
  }
}

/** Moves every feature of a project, `pageSize` at a time (live ones first), reporting progress after each page. */
export async function moveFeatures(
  step: Step,
  projectId: string,
  options: { pageSize: number; onProgress?: ((progress: Progress) => void) | undefined },
): Promise<void> {
  const environments = await step.from.projectEnvironments(projectId);
  const all = (await step.from.features(projectId)).sort((a, b) => Number(a.archived) - Number(b.archived));
  const refused: Plan[] = [];
  for (let i = 0; i < all.length; i += options.pageSize) {
    refused.push(...(await movePage(step, projectId, environments, all.slice(i, i + options.pageSize))));
    options.onProgress?.({ kind: 'features', done: Math.min(i + options.pageSize, all.length), total: all.length });
  }
  await retryRefused(step, projectId, refused);
}
