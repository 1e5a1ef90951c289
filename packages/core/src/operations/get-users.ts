import { requireAdmin, type Principal } from '../base/auth';
import { rootRoleDocuments, userDocument, type RoleDocument, type UserDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';

/** `GET /api/admin/user-admin` (Unleash's `getUsers`): every person by id, and the root roles. ADMIN. */
export async function getUsers(ctx: AdminContext, principal: Principal): Promise<{ users: UserDocument[]; rootRoles: RoleDocument[] }> {
  requireAdmin(principal);
  const users = await ctx.read((tx) => tx.list('users'));
  users.sort((a, b) => a.id - b.id);
  return { users: await Promise.all(users.map(userDocument)), rootRoles: rootRoleDocuments() };
}
