import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { requestEvent } from '../change-requests/change-request-events';
import { changeRequestWrite, type ChangeRequestRef } from '../change-requests/change-request-write';
import { requireActor, requireState } from '../change-requests/transitions';

/**
 * `DELETE .../change-requests/:id`: the author discards a Draft (another state: 409; it can be
 * cancelled instead). Storages keep records, so it stays as a marker that every read treats as gone.
 * Event: `change-request-discarded`.
 */
export async function deleteChangeRequest(ctx: AdminContext, principal: Principal, input: ChangeRequestRef): Promise<null> {
  await changeRequestWrite(ctx, principal, input, async (_tx, cr) => {
    requireState(cr, ['Draft'], 'be discarded (only a Draft can)');
    requireActor(principal, cr, 'author');
    cr.discardedAt = ctx.now().toISOString();
    return { record: cr, events: [requestEvent(cr, 'change-request-discarded')] };
  });
  return null;
}
