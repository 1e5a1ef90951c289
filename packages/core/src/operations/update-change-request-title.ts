import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { ChangeRequestDocument } from '../change-requests/change-request-document';
import { requestEvent } from '../change-requests/change-request-events';
import { changeRequestWrite, type ChangeRequestRef } from '../change-requests/change-request-write';
import { isOpen, requireActor, requireState } from '../change-requests/transitions';
import { CHANGE_REQUEST_STATES } from '../base/records';
import { assertValid } from '../schemas/validation';

/** `PUT .../change-requests/:id/title` `{title}`: the author renames an open request. Event: `change-request-title-updated`. */
export async function updateChangeRequestTitle(
  ctx: AdminContext,
  principal: Principal,
  input: ChangeRequestRef & { body: unknown },
): Promise<ChangeRequestDocument> {
  assertValid<{ title: string }>('changeRequestTitleBody', input.body, 'title');
  const { title } = input.body;
  return changeRequestWrite(ctx, principal, input, async (_tx, cr) => {
    requireState(cr, CHANGE_REQUEST_STATES.filter(isOpen), 'be renamed');
    requireActor(principal, cr, 'author');
    const before = cr.title;
    cr.title = title;
    return { record: cr, events: before === title ? [] : [requestEvent(cr, 'change-request-title-updated', { previousTitle: before })] };
  });
}
