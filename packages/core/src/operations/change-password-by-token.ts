import { SYSTEM_PRINCIPAL, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { resetTokenOwner } from '../runtime/password-reset';
import { hasherOf } from '../runtime/people';
import { assertValid } from '../schemas/validation';
import { checkPassword, updateUserInTx } from '../writes/user-write';

/**
 * `POST /auth/reset/password` `{token, password}` (Unleash's `changePassword`): a reset link's person gets
 * the new password (policy checked: 400), the link is used up, their sign-in lock is cleared and their
 * sessions end. An invalid, expired or used token: 401, nothing changed. Public: the token is the proof.
 */
export async function changePasswordByToken(ctx: AdminContext, _principal: Principal | undefined, input: { body: unknown }): Promise<void> {
  assertValid<{ token: string; password: string }>('changePasswordByToken', input.body, 'reset');
  const { token, password } = input.body;
  await ctx.read((tx) => resetTokenOwner(tx, token, ctx.now().getTime()));
  checkPassword(password);
  const passwordHash = await hasherOf(ctx).hash(password);
  await ctx.write(async (tx) => {
    const before = await resetTokenOwner(tx, token, ctx.now().getTime());
    const { reset: _used, ...rest } = before;
    await updateUserInTx(tx, ctx, SYSTEM_PRINCIPAL, before, { ...rest, passwordHash, failedLogins: 0, lockedUntil: null });
  });
}
