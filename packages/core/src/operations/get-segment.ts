import { requireAdminKey, type Principal } from '../auth';
import type { AdminContext } from '../context';
import { visibleSegment } from '../flag-config/segment-lookup';
import type { SegmentRecord } from '../records';

/** `GET /api/admin/segments/:id`. */
export async function getSegment(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<SegmentRecord> {
  requireAdminKey(principal);
  return ctx.read((tx) => visibleSegment(tx, principal, input.id));
}
