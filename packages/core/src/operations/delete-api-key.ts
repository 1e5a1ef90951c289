import { hashSecret, requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { apiTokenDocument } from '../documents/api-token-document';
import { emit } from '../runtime/emit';
import { notFound } from '../base/errors';
import type { ApiKeyRecord } from '../base/records';
import type { ReadTx } from '../base/storage';

const KEY_ID = /^[1-9][0-9]{0,14}$/;

/**
 * Deletes a key (ADMIN), named by its id or, as Unleash does, by its secret: from the commit on it is a
 * 401 everywhere. The record stays, marked deleted, so the secret stays revoked (a start-up key too,
 * on every later start). One `api-token-deleted` event without the secret; 404 for an unknown or
 * already deleted key.
 */
export async function deleteApiKey(ctx: AdminContext, principal: Principal, input: { token: string }): Promise<void> {
  requireAdmin(principal);
  const hash = KEY_ID.test(input.token) ? undefined : await hashSecret(input.token);
  await ctx.write(async (tx) => {
    const key = await findKey(tx, input.token, hash);
    if (!key || key.deletedAt !== undefined) throw notFound('No API token with that id or secret.');
    const deleted: ApiKeyRecord = { ...key, deletedAt: ctx.now().toISOString() };
    await tx.put('apiKeys', deleted);
    // An instance event, like the key's creation.
    await emit(tx, ctx, principal, [{ type: 'api-token-deleted', preData: apiTokenDocument(key) }]);
  });
}

async function findKey(tx: ReadTx, token: string, hash: string | undefined): Promise<ApiKeyRecord | undefined> {
  if (hash !== undefined) return tx.get('apiKeys', hash);
  const id = Number(token);
  return (await tx.list('apiKeys')).find((key) => key.id === id);
}
