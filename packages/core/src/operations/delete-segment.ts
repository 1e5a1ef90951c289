import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { deleteSegmentInTx } from '../writes/segment-writes';

/**
 * `DELETE /api/admin/segments/:id`. A segment that strategies use cannot be deleted: 409 naming them
 * (feature/environment/strategy id). Event: `segment-deleted`.
 */
export async function deleteSegment(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<null> {
  return ctx.write((tx) => deleteSegmentInTx(tx, ctx, { principal }, input.id));
}
