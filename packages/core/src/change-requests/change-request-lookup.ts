/** Finding a change request a key may see: in its project, not discarded, a Draft only for its author and admin keys. */
import type { Principal } from '../base/auth';
import { notFound } from '../base/errors';
import { isIdText, visibleProject } from '../runtime/lookups';
import type { ChangeRequestRecord } from '../base/change-request-records';
import type { ReadTx } from '../base/storage';

export const isAuthor = (principal: Principal, cr: ChangeRequestRecord): boolean => principal.id === cr.createdBy.id;

export const canSeeChangeRequest = (principal: Principal, cr: ChangeRequestRecord): boolean =>
  cr.discardedAt === undefined && (cr.state !== 'Draft' || isAuthor(principal, cr) || principal.role === 'admin');

/** The request, or 404 (a non-numeric, zero or zero-padded id, another project's, a Draft of someone else). */
export async function visibleChangeRequest(
  tx: ReadTx,
  principal: Principal,
  projectId: string,
  id: string | number,
): Promise<ChangeRequestRecord> {
  const key = String(id);
  const missing = () => notFound(`Could not find change request "${key}" in project "${projectId}".`);
  if (!isIdText(key)) throw missing();
  await visibleProject(tx, principal, projectId);
  const found = await tx.get('changeRequests', key);
  if (!found || found.project !== projectId || !canSeeChangeRequest(principal, found)) throw missing();
  return found;
}
