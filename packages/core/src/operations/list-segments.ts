import { requireAdminKey, type Principal } from '../auth';
import type { AdminContext } from '../context';
import { canSeeSegment } from '../flag-config/segment-access';
import { liveSegments } from '../flag-config/segment-lookup';
import type { SegmentRecord } from '../records';

/** `GET /api/admin/segments`: the segments of every project and of the key's projects, by id. */
export async function listSegments(ctx: AdminContext, principal: Principal): Promise<{ segments: SegmentRecord[] }> {
  requireAdminKey(principal);
  const all = await ctx.read(liveSegments);
  return { segments: all.filter((s) => canSeeSegment(principal, s)).sort((a, b) => a.id - b.id) };
}
