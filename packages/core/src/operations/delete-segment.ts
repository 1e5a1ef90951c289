import type { Principal } from '../auth';
import { emit } from '../emit';
import type { AdminContext } from '../context';
import { AdminError } from '../errors';
import { requireSegmentWrite } from '../flag-config/segment-access';
import { visibleSegment } from '../flag-config/segment-lookup';
import { describeUses, segmentUses } from '../flag-config/segment-usage';

/**
 * `DELETE /api/admin/segments/:id`. A segment that strategies use cannot be deleted: 409 naming them
 * (feature/environment/strategy id). Event: `segment-deleted`.
 */
export async function deleteSegment(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<null> {
  return ctx.write(async (tx) => {
    const segment = await visibleSegment(tx, principal, input.id);
    requireSegmentWrite(principal, segment.project);
    const uses = await segmentUses(tx, segment);
    if (uses.length) throw new AdminError('ConflictError', `Segment ${segment.id} is used by strategies: ${describeUses(uses)}.`);
    await tx.put('segments', { ...segment, deletedAt: ctx.now().toISOString() });
    await emit(tx, ctx, principal, [{ type: 'segment-deleted', project: segment.project, data: null, preData: segment }]);
    return null;
  });
}
