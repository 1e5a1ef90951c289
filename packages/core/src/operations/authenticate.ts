import { constantTimeEqual, hashSecret, isLiveKey, principalOf, secretFromHeader, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { KnownKey } from '../runtime/caches';
import { AdminError, isStorageUnavailable } from '../base/errors';
import { knownPersonalToken } from '../runtime/people';
import type { ReadOptions } from '../base/storage';

/** A principal and the storage revision its key was read at. */
export interface Authenticated {
  principal: Principal;
  /** Routes answered once per revision are looked up at this one (no second read of it). */
  revision: number;
}

/**
 * The principal of an `Authorization` header value (`<secret>` or `Bearer <secret>`); 401
 * AuthenticationRequired when it is missing, malformed, unknown, deleted or expired.
 */
export async function authenticate(ctx: AdminContext, header: string | null | undefined): Promise<Principal> {
  return (await authenticateAt(ctx, header)).principal;
}

/**
 * `authenticate`, with the revision the key was read at. A key's record is read once per storage
 * revision (every request authenticates; the record changes only with a write); its expiry is checked
 * against the clock on every request. SDK-facing routes read with `freshness` NOTIFIED_READ; a key
 * unknown at that state is looked up again at the latest (a key just created by another process works
 * at once).
 */
export async function authenticateAt(
  ctx: AdminContext,
  header: string | null | undefined,
  freshness?: ReadOptions,
): Promise<Authenticated> {
  const secret = secretFromHeader(header);
  if (!secret) throw unauthenticated();
  const hashes = ctx.caches.secretHashes;
  const hash = hashes.peek(0, secret) ?? (await hashes.get(0, secret, () => hashSecret(secret)));
  const lookUp = (options?: ReadOptions) =>
    ctx.read(async (tx) => {
      const revision = await tx.revision();
      let known = ctx.caches.apiKeys.peek(revision, hash);
      if (known === undefined) {
        const key = await tx.get('apiKeys', hash);
        known =
          key && constantTimeEqual(key.secretHash, hash)
            ? { key, principal: Object.freeze(principalOf(key)) }
            : await knownPersonalToken(tx, hash);
        ctx.caches.apiKeys.set(revision, hash, known);
      }
      return { known, revision };
    }, options);
  let found: { known: KnownKey | null; revision: number };
  try {
    found = await lookUp(freshness);
    if (!found.known && freshness) found = await lookUp();
  } catch (error) {
    // An SDK-facing read while the storage is unavailable: a key this process saw is taken as it was then
    // (revision -1: nothing is answered from or kept in a per-revision cache).
    const last = freshness && isStorageUnavailable(error) ? ctx.caches.lastKnownKeys.peek(0, hash) : undefined;
    if (!last) throw error;
    found = { known: last, revision: -1 };
  }
  const { known, revision } = found;
  // A key found missing (deleted) is remembered missing, so an outage never brings it back.
  if (revision !== -1 && ctx.caches.lastKnownKeys.peek(0, hash) !== known) ctx.caches.lastKnownKeys.set(0, hash, known);
  if (!known || !isLiveKey(known.key, ctx.now().getTime())) throw unauthenticated();
  return { principal: known.principal, revision };
}

const unauthenticated = (): AdminError =>
  new AdminError('AuthenticationRequired', 'You must provide a valid API key in the Authorization header.');
