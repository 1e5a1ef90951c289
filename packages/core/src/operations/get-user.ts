import { requireAdmin, type Principal } from '../base/auth';
import { userDocument, type UserDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { getUserRecord, userIdOf } from '../runtime/people';

/** `GET /api/admin/user-admin/:id` (Unleash's `getUser`); 404 for an unknown id. ADMIN. */
export async function getUser(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<UserDocument> {
  requireAdmin(principal);
  return userDocument(await ctx.read((tx) => getUserRecord(tx, userIdOf(input.id))));
}
