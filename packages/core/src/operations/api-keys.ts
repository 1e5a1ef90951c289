import {
  constantTimeEqual,
  generateSecret,
  hashSecret,
  parseSecret,
  principalOf,
  requireAdmin,
  secretFromHeader,
  SYSTEM_PRINCIPAL,
  type Principal,
} from '../auth';
import type { AdminContext } from '../context';
import { emit } from '../emit';
import { AdminError, badData } from '../errors';
import type { AdminRole, ApiKeyRecord, KeyType } from '../records';
import { apiTokenDocument, type ApiTokenDocument } from '../documents/api-token-document';
import type { WriteTx } from '../storage';
import { assertValid } from '../validation';

interface CreateApiTokenBody {
  tokenName: string;
  type: string;
  role?: AdminRole;
  projects?: string[];
  project?: string;
  environment?: string;
}

/**
 * The principal of an `Authorization` header value (`<secret>` or `Bearer <secret>`); 401
 * AuthenticationRequired when it is missing, malformed or unknown.
 */
export async function authenticate(ctx: AdminContext, header: string | null | undefined): Promise<Principal> {
  const secret = secretFromHeader(header);
  if (!secret) throw new AdminError('AuthenticationRequired', 'You must provide a valid API key in the Authorization header.');
  const hash = await ctx.caches.secretHashes.get(0, secret, () => hashSecret(secret));
  const key = await ctx.read((tx) => tx.get('apiKeys', hash));
  if (!key || !constantTimeEqual(key.secretHash, hash)) {
    throw new AdminError('AuthenticationRequired', 'You must provide a valid API key in the Authorization header.');
  }
  return principalOf(key);
}

/** Creates an API key (ADMIN). The secret is in the result once and never stored. */
export async function createApiKey(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown },
): Promise<ApiTokenDocument & { secret: string }> {
  requireAdmin(principal);
  assertValid<CreateApiTokenBody>('createApiToken', input.body, 'API token');
  const body = input.body;
  const type = body.type.toLowerCase() as KeyType;
  const requested = body.projects ?? (body.project ? [body.project] : ['*']);
  const projects = requested.includes('*') ? ['*'] : [...new Set(requested)].sort();
  const environment = body.environment ?? (type === 'admin' ? '*' : 'development');
  return ctx.write(async (tx) => {
    for (const p of projects) if (p !== '*' && !(await tx.get('projects', p))) throw badData(`The API token is invalid: unknown project "${p}"`);
    if (environment !== '*' && !(await tx.get('environments', environment))) {
      throw badData(`The API token is invalid: unknown environment "${environment}"`);
    }
    const secret = generateSecret(projects, environment);
    const key = await storeKey(tx, ctx, principal, {
      name: body.tokenName,
      type,
      role: type === 'admin' ? (body.role ?? 'admin') : null,
      projects,
      environments: [environment],
      secretHash: await hashSecret(secret),
    });
    return { ...apiTokenDocument(key), secret };
  });
}

/**
 * Makes sure start-up keys exist (INIT_ADMIN_API_TOKENS / INIT_CLIENT_API_TOKENS): Unleash-shaped
 * secrets whose scope comes from their prefix. Existing ones are left alone. Throws a plain Error
 * naming the bad secret's position when one is malformed.
 */
export async function ensureInitialKeys(
  ctx: AdminContext,
  input: { admin?: readonly string[]; client?: readonly string[] },
): Promise<number> {
  const wanted: { secret: string; type: KeyType; name: string }[] = [];
  const add = (list: readonly string[] | undefined, type: KeyType, label: string) =>
    (list ?? []).forEach((secret, i) => {
      const scope = parseSecret(secret);
      if (!scope || scope.project === '[]') {
        throw new Error(`${label} entry ${i + 1} is not a valid secret: expected <project>:<environment>.<64 hex characters>, e.g. *:*.${'0'.repeat(64)}`);
      }
      if (type === 'client' && scope.environment === '*') throw new Error(`${label} entry ${i + 1}: a client key names one environment`);
      wanted.push({ secret, type, name: `init-${type}-token-${i + 1}` });
    });
  add(input.admin, 'admin', 'INIT_ADMIN_API_TOKENS');
  add(input.client, 'client', 'INIT_CLIENT_API_TOKENS');
  if (wanted.length === 0) return 0;
  return ctx.write(async (tx) => {
    let created = 0;
    for (const w of wanted) {
      const hash = await hashSecret(w.secret);
      if (await tx.get('apiKeys', hash)) continue;
      const scope = parseSecret(w.secret)!;
      await storeKey(tx, ctx, SYSTEM_PRINCIPAL, {
        name: w.name,
        type: w.type,
        role: w.type === 'admin' ? 'admin' : null,
        projects: [scope.project],
        environments: [scope.environment],
        secretHash: hash,
      });
      created++;
    }
    return created;
  });
}

async function storeKey(
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
