import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { canSeeSegment } from '../rules/segment-access';
import { liveSegments } from '../rules/segment-lookup';
import type { SegmentRecord } from '../base/records';

/** `GET /api/admin/segments`: the segments of every project and of the key's projects, by id. */
export async function listSegments(ctx: AdminContext, principal: Principal): Promise<{ segments: SegmentRecord[] }> {
  requireAdminKey(principal);
  const all = await ctx.read(liveSegments);
  return { segments: all.filter((s) => canSeeSegment(principal, s)).sort((a, b) => a.id - b.id) };
}
