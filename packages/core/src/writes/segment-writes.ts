/**
 * Segment writes inside the caller's transaction: what the routes and a change request's dry run and
 * apply run.
 */
import { AdminError } from '../base/errors';
import { jsonEqual } from '../base/json';
import type { SegmentRecord } from '../base/records';
import type { WriteTx } from '../base/storage';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { requireSegmentWrite } from '../rules/segment-access';
import { segmentFields, type SegmentBody } from '../rules/segment-input';
import { liveSegments, requireFreeSegmentName, visibleSegment } from '../rules/segment-lookup';
import { describeUses, segmentUses } from '../rules/segment-usage';
import { causedBy, type WriteOrigin } from './write-origin';

/**
 * The update inside the caller's write transaction (the route's own, or a change request's dry run and
 * apply): the key must be allowed to write the segment where it is and where it goes.
 */
export async function updateSegmentInTx(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  id: string,
  body: SegmentBody,
): Promise<SegmentRecord> {
  const { principal } = origin;
  const before = await visibleSegment(tx, principal, id);
  requireSegmentWrite(principal, before.project);
  requireSegmentWrite(principal, body.project ?? null);
  const fields = await segmentFields(tx, body, ctx.limits);
  requireFreeSegmentName(await liveSegments(tx), fields.name, before.id);
  const after: SegmentRecord = { ...before, ...fields };
  if (jsonEqual(before, after)) return before;
  if (after.project !== null && after.project !== before.project) {
    const elsewhere = (await segmentUses(tx, before)).filter((u) => u.project !== after.project);
    if (elsewhere.length) {
      throw new AdminError('ConflictError', `Segment ${before.id} is used by strategies of other projects: ${describeUses(elsewhere)}.`);
    }
  }
  await tx.put('segments', after);
  const project = after.project ?? before.project;
  await emit(tx, ctx, principal, [{ ...causedBy(origin), type: 'segment-updated', project, data: after, preData: before }]);
  return after;
}

/** The deletion inside the caller's write transaction (the route's own, or a change request's apply). */
export async function deleteSegmentInTx(tx: WriteTx, ctx: AdminContext, origin: WriteOrigin, id: string): Promise<null> {
  const { principal } = origin;
  const segment = await visibleSegment(tx, principal, id);
  requireSegmentWrite(principal, segment.project);
  const uses = await segmentUses(tx, segment);
  if (uses.length) throw new AdminError('ConflictError', `Segment ${segment.id} is used by strategies: ${describeUses(uses)}.`);
  await tx.put('segments', { ...segment, deletedAt: ctx.now().toISOString() });
  await emit(tx, ctx, principal, [
    { ...causedBy(origin), type: 'segment-deleted', project: segment.project, data: null, preData: segment },
  ]);
  return null;
}
