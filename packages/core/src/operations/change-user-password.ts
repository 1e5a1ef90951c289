import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { getUserRecord, hasherOf, userIdOf } from '../runtime/people';
import { assertValid } from '../schemas/validation';
import { checkPassword, updateUserInTx } from '../writes/user-write';

/**
 * `POST /api/admin/user-admin/:id/change-password` (Unleash's `changeUserPassword`): a new password that
 * meets the policy, stored as the host's hash; the person's sessions end, as Unleash ends them. No event
 * (as Unleash). ADMIN.
 */
export async function changeUserPassword(ctx: AdminContext, principal: Principal, input: { id: string; body: unknown }): Promise<void> {
  requireAdmin(principal);
  assertValid<{ password: string }>('passwordBody', input.body, 'password');
  const id = userIdOf(input.id);
  await ctx.read((tx) => getUserRecord(tx, id));
  checkPassword(input.body.password);
  const passwordHash = await hasherOf(ctx).hash(input.body.password);
  await ctx.write(async (tx) => {
    const before = await getUserRecord(tx, id);
    await updateUserInTx(tx, ctx, principal, before, { ...before, passwordHash, failedLogins: 0, lockedUntil: null });
  });
}
