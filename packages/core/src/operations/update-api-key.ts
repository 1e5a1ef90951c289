import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { ApiTokenDocument } from '../documents/api-token-document';
import { notFound } from '../base/errors';
import { futureInstant } from '../base/future-instant';
import { assertValid } from '../schemas/validation';
import { findLiveApiKey, keyReference, updateApiKeyExpiryInTx } from '../writes/api-key-write';

/**
 * Changes a key's expiry (ADMIN; Unleash's `updateApiToken`), the key named by its id or its secret.
 * `expiresAt` must be a future instant (400); an unknown or deleted key is a 404 (Unleash answers 200 and
 * does nothing). One `api-token-updated` event without the secret; the same expiry again writes none.
 * The result is the key document, never the secret.
 */
export async function updateApiKey(
  ctx: AdminContext,
  principal: Principal,
  input: { token: string; body: unknown },
): Promise<ApiTokenDocument> {
  requireAdmin(principal);
  assertValid<{ expiresAt: string }>('updateApiToken', input.body, 'API token update');
  const expiresAt = futureInstant(input.body.expiresAt, ctx.now(), 'expiresAt', 'The API token update is invalid');
  const ref = await keyReference(input.token);
  return ctx.write(async (tx) => {
    const key = await findLiveApiKey(tx, ref);
    if (!key) throw notFound('No API token with that id or secret.');
    return updateApiKeyExpiryInTx(tx, ctx, principal, key, expiresAt);
  });
}
