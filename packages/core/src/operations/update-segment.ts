import type { Principal } from '../base/auth';
import { emit } from '../runtime/emit';
import type { AdminContext } from '../runtime/context';
import { AdminError } from '../base/errors';
import { requireSegmentWrite } from '../rules/segment-access';
import type { SegmentRecord } from '../base/records';
import { jsonEqual } from '../base/json';
import { liveSegments, requireFreeSegmentName, visibleSegment } from '../rules/segment-lookup';
import { parseSegmentBody, segmentFields, type SegmentBody } from '../rules/segment-input';
import type { WriteTx } from '../base/storage';
import { causedBy, type ChangeOrigin } from '../writes/write-origin';
import { describeUses, segmentUses } from '../rules/segment-usage';

/**
 * `PUT /api/admin/segments/:id`: replaces name, description, project and constraints. Binding a
 * segment to a project while strategies of other projects use it is a 409 naming them. Event:
 * `segment-updated`; the same segment again is no change.
 */
export async function updateSegment(ctx: AdminContext, principal: Principal, input: { id: string; body: unknown }): Promise<SegmentRecord> {
  const body = parseSegmentBody(input.body);
  return ctx.write((tx) => updateSegmentInTx(tx, ctx, { principal }, input.id, body));
}

/**
 * The update inside the caller's write transaction (the route's own, or a change request's dry run and
 * apply): the key must be allowed to write the segment where it is and where it goes.
 */
export async function updateSegmentInTx(tx: WriteTx, ctx: AdminContext, origin: ChangeOrigin, id: string, body: SegmentBody): Promise<SegmentRecord> {
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
