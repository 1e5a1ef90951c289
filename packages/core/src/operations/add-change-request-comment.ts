import { canSeeEnvironment, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { ChangeRequestDocument } from '../change-requests/change-request-document';
import { requestEvent } from '../change-requests/change-request-events';
import { changeRequestWrite, type ChangeRequestRef } from '../change-requests/change-request-write';
import { isOpen, requireState } from '../change-requests/transitions';
import { permissionDenied } from '../base/errors';
import { CHANGE_REQUEST_STATES } from '../base/records';
import { assertValid } from '../schemas/validation';
import { addComment } from '../change-requests/comments';

/**
 * `POST .../change-requests/:id/comments` `{text}`: any admin key that sees the request and its
 * environment may comment (viewers too), while it is open. Event: `change-request-comment-added`.
 */
export async function addChangeRequestComment(
  ctx: AdminContext,
  principal: Principal,
  input: ChangeRequestRef & { body: unknown },
): Promise<ChangeRequestDocument> {
  assertValid<{ text: string }>('changeRequestCommentBody', input.body, 'comment');
  const { text } = input.body;
  return changeRequestWrite(ctx, principal, input, async (_tx, cr) => {
    requireState(cr, CHANGE_REQUEST_STATES.filter(isOpen), 'take comments');
    if (!canSeeEnvironment(principal, cr.environment)) {
      throw permissionDenied(`You need environment "${cr.environment}" in your key's scope to comment.`, {
        permission: 'UPDATE_FEATURE_ENVIRONMENT',
        project: cr.project,
        environment: cr.environment,
      });
    }
    const id = await addComment(ctx, principal, cr, text, '/text');
    return { record: cr, events: [requestEvent(cr, 'change-request-comment-added', { commentId: id, text })] };
  });
}
