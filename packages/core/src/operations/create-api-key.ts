import { generateSecret, hashSecret, requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { apiTokenDocument, type ApiTokenDocument } from '../documents/api-token-document';
import { badData } from '../base/errors';
import { futureInstant } from '../base/future-instant';
import type { AdminRole, KeyType } from '../base/records';
import { storeApiKey } from '../runtime/store-api-key';
import { assertValid } from '../schemas/validation';

interface CreateApiTokenBody {
  tokenName: string;
  type: string;
  role?: AdminRole;
  projects?: string[];
  project?: string;
  environment?: string;
  expiresAt?: string;
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
  const expiresAt =
    body.expiresAt === undefined ? undefined : futureInstant(body.expiresAt, ctx.now(), 'expiresAt', 'The API token is invalid');
  return ctx.write(async (tx) => {
    for (const p of projects)
      if (p !== '*' && !(await tx.get('projects', p))) throw badData(`The API token is invalid: unknown project "${p}"`);
    if (environment !== '*' && !(await tx.get('environments', environment))) {
      throw badData(`The API token is invalid: unknown environment "${environment}"`);
    }
    const secret = generateSecret(projects, environment);
    const key = await storeApiKey(tx, ctx, principal, {
      name: body.tokenName,
      type,
      role: type === 'admin' ? (body.role ?? 'admin') : null,
      projects,
      environments: [environment],
      secretHash: await hashSecret(secret),
      ...(expiresAt === undefined ? {} : { expiresAt }),
    });
    return { ...apiTokenDocument(key), secret };
  });
}
