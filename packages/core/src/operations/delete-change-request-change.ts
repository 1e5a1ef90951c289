import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { ChangeRequestDocument } from '../change-requests/change-request-document';
import { backToReview, findChange, requireEditable, withoutChange } from '../change-requests/change-edits';
import { requestEvent } from '../change-requests/change-request-events';
import { changeRequestWrite, type ChangeRequestRef } from '../change-requests/change-request-write';

/**
 * `DELETE .../change-requests/:id/changes/:changeId`: the author discards a change. A request In
 * review or Approved returns to In review and loses its approvals. Event: `change-discarded`.
 */
export async function deleteChangeRequestChange(
  ctx: AdminContext,
  principal: Principal,
  input: ChangeRequestRef & { changeId: string },
): Promise<ChangeRequestDocument> {
  return changeRequestWrite(ctx, principal, input, async (_tx, cr) => {
    requireEditable(principal, cr);
    const { feature, change } = findChange(cr, input.changeId);
    withoutChange(cr, change.id);
    const review = backToReview(cr);
    return {
      record: cr,
      events: [
        requestEvent(
          cr,
          'change-discarded',
          { changeId: change.id, action: change.action, payload: change.payload, ...review },
          feature ?? undefined,
        ),
      ],
    };
  });
}
