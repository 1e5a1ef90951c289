import { hashSecret, requireAdmin, type Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import { newResetToken, RESET_TOKEN_INTERVAL_MS, RESET_TOKEN_TTL_MS } from '../runtime/password-reset';
import { findUserByLogin } from '../runtime/people';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/admin/user-admin/reset-password` `{id}` (Unleash's `resetUserPassword`; `id` is the person's
 * email, or here their username too): a one-time link to set a new password, the page's screen
 * `<origin><base path>/#/reset-password?token=<64 hex>` (in the fragment, so the token reaches no server
 * log and no Referer), working 24 hours and once (its token is kept as a SHA-256 hash
 * only; a new link replaces the previous one). No email is sent: the admin hands the link over, as
 * Unleash without an email service. Unknown: 404; a second link for one person within a minute: 429, as
 * Unleash. No event (as Unleash). ADMIN.
 */
export async function resetUserPassword(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown; origin: string },
): Promise<{ resetPasswordUrl: string }> {
  requireAdmin(principal);
  assertValid<{ id: string }>('resetPasswordRequest', input.body, 'reset');
  const login = input.body.id;
  const token = newResetToken();
  const tokenHash = await hashSecret(token);
  await ctx.write(async (tx) => {
    const user = await findUserByLogin(tx, login);
    if (!user) throw new AdminError('NotFoundError', `Could not find ${login}`);
    const now = ctx.now().getTime();
    if (user.reset && now - Date.parse(user.reset.createdAt) < RESET_TOKEN_INTERVAL_MS) {
      throw new AdminError(
        'TooManyRequestsError',
        'You can only make one new reset password link per minute, per user. Please try again later.',
        {
          headers: { 'retry-after': String(Math.ceil((Date.parse(user.reset.createdAt) + RESET_TOKEN_INTERVAL_MS - now) / 1000)) },
        },
      );
    }
    const reset = {
      tokenHash,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + RESET_TOKEN_TTL_MS).toISOString(),
      createdBy: principal.name,
    };
    await tx.put('users', { ...user, reset });
  });
  return { resetPasswordUrl: `${input.origin}${ctx.people.signIn.basePath}/#/reset-password?token=${token}` };
}
