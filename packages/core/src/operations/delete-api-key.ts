import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { notFound } from '../base/errors';
import { deleteApiKeyInTx, findLiveApiKey, keyReference } from '../writes/api-key-write';

/**
 * Deletes a key (ADMIN), named by its id or, as Unleash does, by its secret: from the commit on it is a
 * 401 everywhere. The record stays, marked deleted, so the secret stays revoked (a start-up key too,
 * on every later start). One `api-token-deleted` event without the secret; 404 for an unknown or
 * already deleted key.
 */
export async function deleteApiKey(ctx: AdminContext, principal: Principal, input: { token: string }): Promise<void> {
  requireAdmin(principal);
  const ref = await keyReference(input.token);
  await ctx.write(async (tx) => {
    const key = await findLiveApiKey(tx, ref);
    if (!key) throw notFound('No API token with that id or secret.');
    await deleteApiKeyInTx(tx, ctx, principal, key);
  });
}
