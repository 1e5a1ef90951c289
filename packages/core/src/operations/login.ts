import type { Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import { userDocument, type UserDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { findUserByLogin, hasherOf, openSessionInTx, verifyNobody } from '../runtime/people';
import { assertValid } from '../schemas/validation';

/** Failed sign-ins in a row that lock a person's sign-in, and for how long. */
export const LOGIN_LOCK = { failures: 5, ms: 15 * 60_000 } as const;

const MISMATCH =
  'The combination of password and username you provided is invalid. If you have forgotten your password, visit /forgotten-password or get in touch with your instance administrator.';

/**
 * `POST /auth/simple/login` (Unleash's `login`): the person named by username or email, when the password
 * is theirs, and a new session (`sessionId` for the cookie, stored as its hash only). A wrong password, a
 * name nobody has and a person without a password are the same 401 after the same work. After
 * `LOGIN_LOCK.failures` failures in a row, sign-in is refused for `LOGIN_LOCK.ms` (429 with
 * `Retry-After`), even with the right password. Every sign-in first takes one from its address's bucket
 * (`address`: the client's, runtime/sign-in-throttle.ts); an empty bucket is a 429 with `Retry-After`
 * before anything else. Public: no principal; no event.
 */
export async function login(
  ctx: AdminContext,
  _principal: Principal | undefined,
  input: { body: unknown; address?: string },
): Promise<{ user: UserDocument; sessionId: string; expiresAt: string }> {
  ctx.people.signInThrottle.takeSignIn(input.address ?? 'unknown', ctx.now().getTime());
  assertValid<{ username: string; password: string }>('login', input.body, 'login');
  const { username, password } = input.body;
  const hasher = hasherOf(ctx);
  const found = await ctx.read((tx) => findUserByLogin(tx, username));
  if (!found) {
    await verifyNobody(ctx, hasher, password);
    throw new AdminError('AuthenticationRequired', MISMATCH);
  }
  requireUnlocked(found.lockedUntil, ctx.now().getTime());
  const matches =
    found.passwordHash === null ? (await verifyNobody(ctx, hasher, password), false) : await hasher.verify(password, found.passwordHash);
  const outcome = await ctx.write(async (tx) => {
    const user = await tx.get('users', String(found.id));
    if (!user) return { refused: 'mismatch' as const };
    const now = ctx.now();
    if (user.lockedUntil !== null && Date.parse(user.lockedUntil) > now.getTime())
      return { refused: 'locked' as const, until: user.lockedUntil };
    if (!matches || user.passwordHash !== found.passwordHash) {
      const failures = user.failedLogins + 1;
      const locks = failures >= LOGIN_LOCK.failures;
      await tx.put('users', {
        ...user,
        failedLogins: locks ? 0 : failures,
        lockedUntil: locks ? new Date(now.getTime() + LOGIN_LOCK.ms).toISOString() : user.lockedUntil,
      });
      return { refused: 'mismatch' as const };
    }
    const signedIn = { ...user, failedLogins: 0, lockedUntil: null, seenAt: now.toISOString() };
    await tx.put('users', signedIn);
    return { user: signedIn, ...(await openSessionInTx(tx, ctx, signedIn)) };
  });
  if ('refused' in outcome) {
    if (outcome.refused === 'locked') requireUnlocked(outcome.until, ctx.now().getTime());
    throw new AdminError('AuthenticationRequired', MISMATCH);
  }
  return { user: await userDocument(outcome.user), sessionId: outcome.sessionId, expiresAt: outcome.expiresAt };
}

function requireUnlocked(lockedUntil: string | null | undefined, now: number): void {
  if (!lockedUntil) return;
  const left = Date.parse(lockedUntil) - now;
  if (left <= 0) return;
  throw new AdminError('TooManyRequestsError', 'Too many failed sign-ins: sign-in is locked for a while. Try again later.', {
    headers: { 'retry-after': String(Math.ceil(left / 1000)) },
  });
}
