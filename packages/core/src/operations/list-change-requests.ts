import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { changeRequestDocument, type ChangeRequestDocument } from '../change-requests/change-request-document';
import { canSeeChangeRequest } from '../change-requests/change-request-lookup';
import { visibleProject } from '../runtime/lookups';

/** `GET .../change-requests`: the project's requests the key may see (Drafts: its own, or all for admin keys), newest first. */
export async function listChangeRequests(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string },
): Promise<ChangeRequestDocument[]> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const visible = (await tx.list('changeRequests', { project: input.projectId })).filter((cr) => canSeeChangeRequest(principal, cr));
    visible.sort((a, b) => b.id - a.id);
    const out: ChangeRequestDocument[] = [];
    for (const cr of visible) out.push(await changeRequestDocument(tx, cr));
    return out;
  });
}
