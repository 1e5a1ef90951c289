import { requireAdminKey, type Principal } from '../base/auth';
import { userDocument, type UserDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';

const MAX_RESULTS = 100;

/**
 * `GET /api/admin/user-admin/search?q=` (Unleash's `searchUsers`): people whose name, username or email
 * contains `q` (any case), at most 100, by id; `[]` for a `q` shorter than 2 characters. Any admin principal.
 */
export async function searchUsers(ctx: AdminContext, principal: Principal, input: { q: string | null }): Promise<UserDocument[]> {
  requireAdminKey(principal);
  const q = (input.q ?? '').toLowerCase();
  if (q.length < 2) return [];
  const users = await ctx.read((tx) => tx.list('users'));
  const found = users
    .filter((u) => [u.name, u.username, u.email].some((text) => text?.toLowerCase().includes(q)))
    .sort((a, b) => a.id - b.id)
    .slice(0, MAX_RESULTS);
  return Promise.all(found.map(userDocument));
}
