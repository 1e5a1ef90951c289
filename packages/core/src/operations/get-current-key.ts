import { requireAdminKey, type Principal } from '../base/auth';
import { avatarUrl } from '../base/avatar';
import type { AdminContext } from '../runtime/context';
import type { AdminRole } from '../base/records';

export interface CurrentKeyDocument {
  /** As change requests name their author and reviewers (`createdBy`): the key's id and name. */
  user: { id: number; username: string; imageUrl: string; isAPI: true };
  role: AdminRole | null;
  /** `["*"]` or project ids. */
  projects: string[];
  /** `["*"]` or environment names. */
  environments: string[];
}

/**
 * `GET /api/admin/user`: the calling admin key as the API sees it (never its secret), so a client can
 * tell which of its own requests it authored and what its role and scope allow.
 */
export async function getCurrentKey(_ctx: AdminContext, principal: Principal): Promise<CurrentKeyDocument> {
  requireAdminKey(principal);
  return {
    user: { id: principal.id, username: principal.name, imageUrl: await avatarUrl(principal.name), isAPI: true },
    role: principal.role,
    projects: [...principal.projects],
    environments: [...principal.environments],
  };
}
