/**
 * The in-transaction bodies of every API key write: create, find by id or secret, change the expiry,
 * delete. The instance routes and the project routes run the same bodies, so a rule holds for both.
 */
import { generateSecret, hashSecret, type Principal } from '../base/auth';
import { badData } from '../base/errors';
import type { AdminRole, ApiKeyRecord, KeyType } from '../base/records';
import type { ReadTx, WriteTx } from '../base/storage';
import { apiTokenDocument, type ApiTokenDocument } from '../documents/api-token-document';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { storeApiKey } from '../runtime/store-api-key';

export interface NewApiKey {
  tokenName: string;
  type: KeyType;
  role: AdminRole | null;
  /** `["*"]` or project ids, sorted and without repeats. */
  projects: string[];
  environment: string;
  /** Already checked to be a future instant. */
  expiresAt?: string;
}

/** Checks the projects and environment exist, makes the secret, stores the key and its event. The secret is in the result only. */
export async function createApiKeyInTx(
  tx: WriteTx,
  ctx: AdminContext,
  principal: Principal,
  key: NewApiKey,
): Promise<ApiTokenDocument & { secret: string }> {
  for (const p of key.projects)
    if (p !== '*' && !(await tx.get('projects', p))) throw badData(`The API token is invalid: unknown project "${p}"`);
  if (key.environment !== '*' && !(await tx.get('environments', key.environment))) {
    throw badData(`The API token is invalid: unknown environment "${key.environment}"`);
  }
  const secret = generateSecret(key.projects, key.environment);
  const record = await storeApiKey(tx, ctx, principal, {
    name: key.tokenName,
    type: key.type,
    role: key.role,
    projects: key.projects,
    environments: [key.environment],
    secretHash: await hashSecret(secret),
    ...(key.expiresAt === undefined ? {} : { expiresAt: key.expiresAt }),
  });
  return { ...apiTokenDocument(record), secret };
}

/** How a path names a key: its id (digits, no leading zero) or, as Unleash does, its secret (hashed before the transaction). */
export type KeyReference = { id: number } | { hash: string };

const KEY_ID = /^[1-9][0-9]{0,14}$/;

export async function keyReference(token: string): Promise<KeyReference> {
  return KEY_ID.test(token) ? { id: Number(token) } : { hash: await hashSecret(token) };
}

/** The key named, unless it is unknown or deleted. */
export async function findLiveApiKey(tx: ReadTx, ref: KeyReference): Promise<ApiKeyRecord | undefined> {
  const key = 'hash' in ref ? await tx.get('apiKeys', ref.hash) : (await tx.list('apiKeys')).find((candidate) => candidate.id === ref.id);
  return key && key.deletedAt === undefined ? key : undefined;
}

/**
 * Marks the key deleted (the record stays, so its secret stays revoked) with its `api-token-deleted`
 * event, an instance event carrying the key document (never the secret) as `preData`.
 */
export async function deleteApiKeyInTx(tx: WriteTx, ctx: AdminContext, principal: Principal, key: ApiKeyRecord): Promise<void> {
  await tx.put('apiKeys', { ...key, deletedAt: ctx.now().toISOString() });
  await emit(tx, ctx, principal, [{ type: 'api-token-deleted', preData: apiTokenDocument(key) }]);
}

/**
 * Sets the key's expiry with its `api-token-updated` event (instance event, `data` after and `preData`
 * before, never the secret); the same expiry again is no change and writes no event.
 */
export async function updateApiKeyExpiryInTx(
  tx: WriteTx,
  ctx: AdminContext,
  principal: Principal,
  key: ApiKeyRecord,
  expiresAt: string,
): Promise<ApiTokenDocument> {
  if (key.expiresAt === expiresAt) return apiTokenDocument(key);
  const updated: ApiKeyRecord = { ...key, expiresAt };
  await tx.put('apiKeys', updated);
  await emit(tx, ctx, principal, [{ type: 'api-token-updated', data: apiTokenDocument(updated), preData: apiTokenDocument(key) }]);
  return apiTokenDocument(updated);
}

/**
 * A project's API token (Unleash's `getProjectApiTokens`): a client, backend or frontend key whose
 * projects name that project (a key of every project, `*`, belongs to none).
 */
export const isProjectApiKey = (key: ApiKeyRecord, projectId: string): boolean => key.type !== 'admin' && key.projects.includes(projectId);
