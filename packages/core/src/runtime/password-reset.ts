/** Password reset links (Unleash's reset tokens): made by an admin, used once, expiring; kept as a hash on the person. */
import { hashSecret, randomHex } from '../base/auth';
import { AdminError } from '../base/errors';
import type { UserRecord } from '../base/people-records';
import type { ReadTx } from '../base/storage';

/** How long a reset link works: 24 hours, as Unleash's. */
export const RESET_TOKEN_TTL_MS = 24 * 3_600_000;
/** How soon after one link an admin may make the next for the same person: a minute, as Unleash. */
export const RESET_TOKEN_INTERVAL_MS = 60_000;

/** A new token: 32 random bytes as hex (the secret in the link; only its hash is kept). */
export function newResetToken(): string {
  return randomHex(32);
}

const invalid = (): AdminError =>
  new AdminError('AuthenticationRequired', 'The reset link is invalid, expired or used already: ask an admin for a new one.');

/** The person a reset token is for, while it works; a 401 otherwise (any malformed, unknown, used or expired token alike). */
export async function resetTokenOwner(tx: ReadTx, token: unknown, now: number): Promise<UserRecord> {
  if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) throw invalid();
  const hash = await hashSecret(token);
  const user = (await tx.list('users')).find((u) => u.reset?.tokenHash === hash);
  if (!user?.reset || Date.parse(user.reset.expiresAt) <= now) throw invalid();
  return user;
}
