import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';

export interface BaseUser {
  id: number;
  name: string | null;
  username: string | null;
  email?: string;
  accountType: 'User';
}

/**
 * `GET /api/admin/user-admin/access` (Unleash's `getBaseUsersAndGroups`): every person's id, names and
 * email, what a screen needs to show who did something (event authors, reviewers); no groups (flagadmin
 * has none). Any admin principal, as Unleash.
 */
export async function getBaseUsersAndGroups(ctx: AdminContext, principal: Principal): Promise<{ users: BaseUser[]; groups: [] }> {
  requireAdminKey(principal);
  const users = (await ctx.read((tx) => tx.list('users'))).sort((a, b) => a.id - b.id);
  return {
    users: users.map((u) => ({
      id: u.id,
      name: u.name,
      username: u.username,
      ...(u.email === null ? {} : { email: u.email }),
      accountType: 'User',
    })),
    groups: [],
  };
}
