import { requireAdmin, type Principal } from '../base/auth';
import { userDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { getUserRecord, removeCredentialsOf, userIdOf } from '../runtime/people';

/**
 * `DELETE /api/admin/user-admin/:id` (Unleash's `deleteUser`): the person, their sessions and their
 * personal access tokens go at once (each refused from the next request). Event `user-deleted`. ADMIN.
 */
export async function deleteUser(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<void> {
  requireAdmin(principal);
  await ctx.write(async (tx) => {
    const user = await getUserRecord(tx, userIdOf(input.id));
    await tx.delete('users', String(user.id));
    await removeCredentialsOf(tx, user.id);
    await emit(tx, ctx, principal, [{ type: 'user-deleted', preData: await userDocument(user) }]);
  });
}
