import { requireUpdateFeatureEnvironment, type Principal } from '../base/auth';
import { notFound } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { writeFeatureEnvironment } from '../writes/feature-environment-write';
import { replaceStrategy } from '../writes/replace-strategy';

export interface StrategySegmentsBody {
  projectId: string;
  strategyId: string;
  environmentId: string;
  segmentIds: number[];
}

/**
 * `POST /api/admin/segments/strategies` (Unleash's `updateFeatureStrategySegments`): the segments of one
 * strategy, replaced, through the strategy's PUT edit (its checks, `feature-strategy-update`). The
 * strategy is looked up among the project's features in that environment (404 when none has it).
 * Answers the body (201, as Unleash).
 */
export async function updateFeatureStrategySegments(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown },
): Promise<StrategySegmentsBody> {
  assertValid<StrategySegmentsBody>('strategySegmentsBody', input.body, 'strategy segments');
  const body = input.body;
  requireUpdateFeatureEnvironment(principal, body.projectId, body.environmentId);
  await ctx.write(async (tx) => {
    const features = await tx.list('features', { project: body.projectId });
    const feature = features.find((f) =>
      f.environments.some((e) => e.name === body.environmentId && e.strategies.some((s) => s.id === body.strategyId)),
    );
    if (!feature)
      throw notFound(`Could not find strategy "${body.strategyId}" in environment "${body.environmentId}" of project "${body.projectId}".`);
    const ref = { projectId: body.projectId, featureName: feature.name, environment: body.environmentId };
    await writeFeatureEnvironment(tx, ctx, { principal }, ref, (scope) =>
      replaceStrategy(scope, body.strategyId, (current) => ({ ...current, segments: body.segmentIds })),
    );
  });
  return { projectId: body.projectId, strategyId: body.strategyId, environmentId: body.environmentId, segmentIds: body.segmentIds };
}
