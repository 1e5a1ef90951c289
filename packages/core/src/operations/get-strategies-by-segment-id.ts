import { canSeeProject, requireAdminKey, type Principal } from '../base/auth';
import type { StrategyUse } from '../documents/strategy-use';
import { visibleSegment } from '../rules/segment-lookup';
import { segmentUses } from '../rules/segment-usage';
import type { AdminContext } from '../runtime/context';

/** A strategy using the segment. */
export type SegmentStrategy = StrategyUse;

/**
 * `GET /api/admin/segments/:id/strategies`: the strategies using the segment, of the projects in the
 * key's scope (404 for a segment the key cannot see). `changeRequestStrategies` is always empty: a
 * pending change request's strategies are not looked at.
 */
export async function getStrategiesBySegmentId(
  ctx: AdminContext,
  principal: Principal,
  input: { id: string },
): Promise<{ strategies: SegmentStrategy[]; changeRequestStrategies: never[] }> {
  requireAdminKey(principal);
  const uses = await ctx.read(async (tx) => segmentUses(tx, await visibleSegment(tx, principal, input.id)));
  const strategies = uses
    .filter((u) => canSeeProject(principal, u.project))
    .sort((a, b) => (a.featureName < b.featureName ? -1 : a.featureName > b.featureName ? 1 : 0))
    .map((u) => ({
      id: u.strategyId,
      featureName: u.featureName,
      projectId: u.project,
      environment: u.environment,
      strategyName: u.strategyName,
    }));
  return { strategies, changeRequestStrategies: [] };
}
