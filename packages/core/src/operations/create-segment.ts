import type { Principal } from '../base/auth';
import { emit } from '../runtime/emit';
import type { AdminContext } from '../runtime/context';
import { requireSegmentWrite } from '../rules/segment-access';
import { limitExceeded } from '../base/limits';
import type { SegmentRecord } from '../base/records';
import { liveSegments, requireFreeSegmentName } from '../rules/segment-lookup';
import { parseSegmentBody, segmentFields } from '../rules/segment-input';

/**
 * `POST /api/admin/segments` `{name, description?, project?, constraints?}`: a new segment with an id
 * made here. Event: `segment-created` (of the segment's project, or an instance event).
 */
export async function createSegment(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<SegmentRecord> {
  const body = parseSegmentBody(input.body);
  requireSegmentWrite(principal, body.project ?? null);
  return ctx.write(async (tx) => {
    const fields = await segmentFields(tx, body, ctx.limits);
    const existing = await liveSegments(tx);
    if (existing.length >= ctx.limits.segments) throw limitExceeded('segments', ctx.limits.segments, 'Too many segments in the instance');
    requireFreeSegmentName(existing, fields.name);
    const segment: SegmentRecord = {
      id: await tx.nextSequence('segment'),
      ...fields,
      createdAt: ctx.now().toISOString(),
      createdBy: principal.name,
    };
    await tx.put('segments', segment);
    await emit(tx, ctx, principal, [{ type: 'segment-created', project: segment.project, data: segment, preData: null }]);
    return segment;
  });
}
