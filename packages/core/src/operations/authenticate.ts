import { constantTimeEqual, hashSecret, principalOf, secretFromHeader, type Principal } from '../auth';
import type { AdminContext } from '../context';
import { AdminError } from '../errors';
import type { ApiKeyRecord } from '../records';

/**
 * The principal of an `Authorization` header value (`<secret>` or `Bearer <secret>`); 401
 * AuthenticationRequired when it is missing, malformed, unknown, deleted or expired.
 */
export async function authenticate(ctx: AdminContext, header: string | null | undefined): Promise<Principal> {
  const secret = secretFromHeader(header);
  if (!secret) throw new AdminError('AuthenticationRequired', 'You must provide a valid API key in the Authorization header.');
  const hash = await ctx.caches.secretHashes.get(0, secret, () => hashSecret(secret));
  const key = await ctx.read((tx) => tx.get('apiKeys', hash));
  if (!key || !constantTimeEqual(key.secretHash, hash) || !isLive(key, ctx.now())) {
    throw new AdminError('AuthenticationRequired', 'You must provide a valid API key in the Authorization header.');
  }
  return principalOf(key);
}

/** A key authenticates until it is deleted or its `expiresAt` has come. */
function isLive(key: ApiKeyRecord, now: Date): boolean {
  return key.deletedAt === undefined && (key.expiresAt === undefined || Date.parse(key.expiresAt) > now.getTime());
}
