import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { changeRequestDocument, type ChangeRequestDocument } from '../change-requests/change-request-document';
import { visibleChangeRequest } from '../change-requests/change-request-lookup';

/**
 * One change request of a project, with the conflicts of an open one; 404 when it is in another
 * project, unknown, discarded, a Draft of another key (unless an admin key), or the id is not a number.
 */
export async function getChangeRequest(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; id: string | number },
): Promise<ChangeRequestDocument> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => changeRequestDocument(tx, await visibleChangeRequest(tx, principal, input.projectId, input.id)));
}
