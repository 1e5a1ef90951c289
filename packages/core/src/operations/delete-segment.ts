import type { Principal } from '../base/auth';
import { emit } from '../runtime/emit';
import type { AdminContext } from '../runtime/context';
import { AdminError } from '../base/errors';
import { requireSegmentWrite } from '../rules/segment-access';
import { visibleSegment } from '../rules/segment-lookup';
import { describeUses, segmentUses } from '../rules/segment-usage';
import type { WriteTx } from '../base/storage';
import { causedBy, type ChangeOrigin } from '../writes/write-origin';

/**
 * `DELETE /api/admin/segments/:id`. A segment that strategies use cannot be deleted: 409 naming them
 * (feature/environment/strategy id). Event: `segment-deleted`.
 */
export async function deleteSegment(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<null> {
  return ctx.write((tx) => deleteSegmentInTx(tx, ctx, { principal }, input.id));
}

/** The deletion inside the caller's write transaction (the route's own, or a change request's apply). */
export async function deleteSegmentInTx(tx: WriteTx, ctx: AdminContext, origin: ChangeOrigin, id: string): Promise<null> {
  const { principal } = origin;
  const segment = await visibleSegment(tx, principal, id);
  requireSegmentWrite(principal, segment.project);
  const uses = await segmentUses(tx, segment);
  if (uses.length) throw new AdminError('ConflictError', `Segment ${segment.id} is used by strategies: ${describeUses(uses)}.`);
  await tx.put('segments', { ...segment, deletedAt: ctx.now().toISOString() });
  await emit(tx, ctx, principal, [{ ...causedBy(origin), type: 'segment-deleted', project: segment.project, data: null, preData: segment }]);
  return null;
}
