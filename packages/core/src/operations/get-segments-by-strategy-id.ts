import { canSeeProject, requireAdminKey, type Principal } from '../base/auth';
import type { SegmentRecord } from '../base/records';
import { canSeeSegment } from '../rules/segment-access';
import { liveSegments } from '../rules/segment-lookup';
import type { AdminContext } from '../runtime/context';

/**
 * `GET /api/admin/segments/strategies/:strategyId`: the segments the strategy uses, by id. A strategy
 * that does not exist, or is of a project outside the key's scope, has none (200 `{segments: []}`, as
 * Unleash answers for an unknown strategy).
 */
export async function getSegmentsByStrategyId(
  ctx: AdminContext,
  principal: Principal,
  input: { strategyId: string },
): Promise<{ segments: SegmentRecord[] }> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const features = (await tx.list('features')).filter((f) => canSeeProject(principal, f.project));
    const strategy = features.flatMap((f) => f.environments.flatMap((e) => e.strategies)).find((s) => s.id === input.strategyId);
    if (!strategy) return { segments: [] };
    const ids = new Set(strategy.segments);
    const segments = (await liveSegments(tx)).filter((s) => ids.has(s.id) && canSeeSegment(principal, s));
    return { segments: segments.sort((a, b) => a.id - b.id) };
  });
}
