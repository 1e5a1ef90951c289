import { requireAdminKey, type Principal } from '../auth';
import type { AdminContext } from '../context';
import { notFound } from '../errors';
import type { ChangeRequestRecord } from '../records';
import { visibleProject } from '../lookups';

/** One change request of a project; 404 when it is in another project, unknown, or the id is not a number. */
export async function getChangeRequest(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; id: string | number },
): Promise<ChangeRequestRecord> {
  requireAdminKey(principal);
  const id = String(input.id);
  const missing = () => notFound(`Could not find change request "${id}" in project "${input.projectId}".`);
  if (!/^[1-9]\d{0,15}$/.test(id)) throw missing();
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const found = await tx.get('changeRequests', id);
    if (!found || found.project !== input.projectId) throw missing();
    return found;
  });
}
