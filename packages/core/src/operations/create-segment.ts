import type { Principal } from '../auth';
import { emit } from '../emit';
import type { AdminContext } from '../context';
import { AdminError, badData } from '../errors';
import { requireSegmentWrite } from '../flag-config/segment-access';
import { FLAG_CONFIG_LIMITS } from '../flag-config/limits';
import type { SegmentRecord } from '../records';
import { liveSegments } from './get-segments';
import { parseSegmentBody, segmentFields } from './segment-input';

/** The name is free: 409 when another segment has it. */
export async function requireFreeSegmentName(segments: readonly SegmentRecord[], name: string, except?: number): Promise<void> {
  if (segments.some((s) => s.name === name && s.id !== except)) throw new AdminError('NameExistsError', `A segment named "${name}" already exists.`);
}

/**
 * `POST /api/admin/segments` `{name, description?, project?, constraints?}`: a new segment with an id
 * made here. Event: `segment-created` (of the segment's project, or an instance event).
 */
export async function createSegment(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<SegmentRecord> {
  const body = parseSegmentBody(input.body);
  requireSegmentWrite(principal, body.project ?? null);
  return ctx.write(async (tx) => {
    const fields = await segmentFields(tx, body);
    const existing = await liveSegments(tx);
    const limit = FLAG_CONFIG_LIMITS.segments;
    if (existing.length >= limit) throw badData(`The instance has at most ${limit} segments (limit segments).`, [{ message: `at most ${limit} segments`, path: '' }]);
    await requireFreeSegmentName(existing, fields.name);
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
