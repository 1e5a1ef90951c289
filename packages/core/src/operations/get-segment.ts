import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { visibleSegment } from '../rules/segment-lookup';
import type { SegmentRecord } from '../base/records';

/** `GET /api/admin/segments/:id`. */
export async function getSegment(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<SegmentRecord> {
  requireAdminKey(principal);
  return ctx.read((tx) => visibleSegment(tx, principal, input.id));
}
