/** Where a context field is used: strategies of live features (constraints, stickiness) and segments. */
import type { FeatureRecord, Strategy } from '../base/records';
import type { ReadTx } from '../base/storage';
import type { StrategyUse } from '../documents/strategy-use';

/** A strategy using the context field. */
export type ContextFieldStrategyUse = StrategyUse;

const strategyUses = (strategy: Strategy, name: string): boolean =>
  strategy.constraints.some((c) => c.contextName === name) ||
  (strategy.name === 'flexibleRollout' && Object.hasOwn(strategy.parameters, 'stickiness') && strategy.parameters['stickiness'] === name) ||
  strategy.variants.some((v) => v.stickiness === name);

/**
 * The strategies of live (not archived) features naming the field in a constraint or as their stickiness
 * (as Unleash, which looks at constraints of live features only; stickiness is ours), by feature name.
 * A project's field is looked for in that project's features only.
 */
export function strategiesUsing(features: readonly FeatureRecord[], name: string): ContextFieldStrategyUse[] {
  const uses: ContextFieldStrategyUse[] = [];
  for (const f of features) {
    if (f.archived) continue;
    for (const env of f.environments) {
      for (const s of env.strategies) {
        if (strategyUses(s, name))
          uses.push({ id: s.id, featureName: f.name, projectId: f.project, environment: env.name, strategyName: s.name });
      }
    }
  }
  return uses.sort((a, b) => (a.featureName < b.featureName ? -1 : a.featureName > b.featureName ? 1 : 0));
}

/** The features a field's strategies may be in: its project's, or every feature for an instance field. */
export const featuresFor = (tx: ReadTx, project: string | null): Promise<FeatureRecord[]> =>
  project === null ? tx.list('features') : tx.list('features', { project });

/** Where the field is used, for a deletion's 409: strategies (feature/environment/strategy id), environment variants, segments, projects' default stickiness. */
export async function contextFieldUses(tx: ReadTx, name: string, project: string | null): Promise<string[]> {
  const features = await featuresFor(tx, project);
  const where = strategiesUsing(features, name).map(
    (u) => `strategy ${u.strategyName} of ${u.featureName} in ${u.environment} (project ${u.projectId})`,
  );
  for (const f of features) {
    if (f.archived) continue;
    for (const env of f.environments) {
      if (env.variants.some((v) => v.stickiness === name)) where.push(`the variants of ${f.name} in ${env.name} (project ${f.project})`);
    }
  }
  for (const segment of await tx.list('segments')) {
    if (segment.deletedAt === undefined && segment.constraints.some((c) => c.contextName === name))
      where.push(`segment "${segment.name}" (${segment.id})`);
  }
  for (const p of await tx.list('projects')) {
    if (p.defaultStickiness === name && (project === null || p.id === project)) where.push(`the default stickiness of project ${p.id}`);
  }
  return where;
}
