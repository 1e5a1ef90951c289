import type { Principal } from '../auth';
import { emit } from '../emit';
import type { AdminContext } from '../context';
import { AdminError } from '../errors';
import { requireSegmentWrite } from '../flag-config/segment-access';
import type { SegmentRecord } from '../records';
import { jsonEqual } from '../json';
import { liveSegments, requireFreeSegmentName, visibleSegment } from '../flag-config/segment-lookup';
import { parseSegmentBody, segmentFields } from '../flag-config/segment-input';
import { describeUses, segmentUses } from '../flag-config/segment-usage';

/**
 * `PUT /api/admin/segments/:id`: replaces name, description, project and constraints. Binding a
 * segment to a project while strategies of other projects use it is a 409 naming them. Event:
 * `segment-updated`; the same segment again is no change.
 */
export async function updateSegment(ctx: AdminContext, principal: Principal, input: { id: string; body: unknown }): Promise<SegmentRecord> {
  const body = parseSegmentBody(input.body);
  requireSegmentWrite(principal, body.project ?? null);
  return ctx.write(async (tx) => {
    const before = await visibleSegment(tx, principal, input.id);
    requireSegmentWrite(principal, before.project);
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
    await emit(tx, ctx, principal, [{ type: 'segment-updated', project, data: after, preData: before }]);
    return after;
  });
}
