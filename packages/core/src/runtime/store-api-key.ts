import type { Principal } from '../base/auth';
import type { AdminContext } from './context';
import { apiTokenDocument } from '../documents/api-token-document';
import { emit } from './emit';
import type { ApiKeyRecord } from '../base/records';
import type { WriteTx } from '../base/storage';

/** Stores a new key with the next key id and its `api-token-created` event, in the caller's transaction. */
export async function storeApiKey(
  tx: WriteTx,
  ctx: AdminContext,
  actor: Principal,
  key: Omit<ApiKeyRecord, 'id' | 'createdAt'>,
): Promise<ApiKeyRecord> {
  const record: ApiKeyRecord = { id: await tx.nextSequence('apiKey'), createdAt: ctx.now().toISOString(), ...key };
  await tx.put('apiKeys', record);
  // An instance event: creating a key is not a change of the projects it may reach.
  await emit(tx, ctx, actor, [{ type: 'api-token-created', data: apiTokenDocument(record) }]);
  return record;
}
