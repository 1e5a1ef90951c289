import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { ApiTokenDocument } from '../documents/api-token-document';
import { futureInstant } from '../base/future-instant';
import type { AdminRole, KeyType } from '../base/records';
import { assertValid } from '../schemas/validation';
import { createApiKeyInTx } from '../writes/api-key-write';

interface CreateApiTokenBody {
  tokenName: string;
  type: string;
  role?: AdminRole;
  projects?: string[];
  project?: string;
  environment?: string;
  expiresAt?: string;
}

/**
 * Creates an API key (ADMIN). The secret is in the result once and never stored. The type is kept as
 * given (lower case): `backend` and `client` are both client keys, each answered as created.
 */
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
  const expiresAt =
    body.expiresAt === undefined ? undefined : futureInstant(body.expiresAt, ctx.now(), 'expiresAt', 'The API token is invalid');
  return ctx.write((tx) =>
    createApiKeyInTx(tx, ctx, principal, {
      tokenName: body.tokenName,
      type,
      role: type === 'admin' ? (body.role ?? 'admin') : null,
      projects,
      environment: body.environment ?? (type === 'admin' ? '*' : 'development'),
      ...(expiresAt === undefined ? {} : { expiresAt }),
    }),
  );
}
