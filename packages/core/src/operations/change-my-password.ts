import { hashSecret, type Principal } from '../base/auth';
import { AdminError, badData } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import { getUserRecord, hasherOf, requirePerson } from '../runtime/people';
import { assertValid } from '../schemas/validation';
import { checkPassword, updateUserInTx } from '../writes/user-write';

const WRONG_OLD =
  'The old password you provided is invalid. If you have forgotten your password, visit /forgotten-password or get in touch with your instance administrator.';

/**
 * `POST /api/admin/user/change-password` (Unleash's `changeMyPassword`): the signed-in person's new password,
 * given twice (`password`, `confirmPassword`: else 400) with the old one (else 401). Every other session of
 * theirs ends; the one that made the change (`keepSessionId`, the cookie's) stays. No event (as Unleash).
 */
export async function changeMyPassword(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown; keepSessionId?: string },
): Promise<void> {
  requirePerson(principal);
  assertValid<{ password: string; confirmPassword?: string; oldPassword?: string }>('passwordBody', input.body, 'password');
  const { password, confirmPassword, oldPassword } = input.body;
  if (password !== confirmPassword || oldPassword === undefined)
    throw badData('The new password must be given twice (confirmPassword), with the old one (oldPassword).');
  checkPassword(password);
  const hasher = hasherOf(ctx);
  const before = await ctx.read((tx) => getUserRecord(tx, principal.id));
  if (before.passwordHash === null || !(await hasher.verify(oldPassword, before.passwordHash))) {
    throw new AdminError('AuthenticationRequired', WRONG_OLD);
  }
  const passwordHash = await hasher.hash(password);
  const keep = input.keepSessionId === undefined ? undefined : await hashSecret(input.keepSessionId);
  await ctx.write(async (tx) => {
    const user = await getUserRecord(tx, principal.id);
    if (user.passwordHash !== before.passwordHash)
      throw new AdminError('ConflictError', 'The password was changed meanwhile: sign in again.');
    const after = await updateUserInTx(tx, ctx, principal, user, { ...user, passwordHash });
    const session = keep === undefined ? undefined : await tx.get('sessions', keep);
    if (session && session.userId === user.id) await tx.put('sessions', { ...session, epoch: after.sessionEpoch });
  });
}
