import { requireProjectApiTokens, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { ApiTokenDocument } from '../documents/api-token-document';
import { badData, notFound } from '../base/errors';
import { futureInstant } from '../base/future-instant';
import type { KeyType } from '../base/records';
import { assertValid } from '../schemas/validation';
import { createApiKeyInTx } from '../writes/api-key-write';

interface CreateProjectApiTokenBody {
  tokenName: string;
  type: string;
  environment?: string;
  expiresAt?: string;
  project?: string;
  projects?: string[];
}

/**
 * Creates a client, backend or frontend key of the path's project (Unleash's `createProjectApiToken`;
 * CREATE_PROJECT_API_TOKEN: editor or admin keys with the project in scope, else 403). The body is the
 * instance route's without `role`; a `project` or `projects` it carries (as Unleash's own page sends)
 * must name the path's project only (400). Unknown project 404. The secret is in the result once.
 */
export async function createProjectApiKey(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; body: unknown },
): Promise<ApiTokenDocument & { secret: string }> {
  const { projectId } = input;
  requireProjectApiTokens(principal, projectId, 'CREATE_PROJECT_API_TOKEN');
  assertValid<CreateProjectApiTokenBody>('createProjectApiToken', input.body, 'API token');
  const body = input.body;
  const named = body.projects ?? (body.project === undefined ? [] : [body.project]);
  const other = named.find((p) => p !== projectId);
  if (other !== undefined) {
    throw badData(`The API token is invalid: a token of project "${projectId}" cannot name project "${other}"`, [
      { message: `must be "${projectId}", the path's project`, path: body.projects ? '/projects' : '/project' },
    ]);
  }
  const expiresAt =
    body.expiresAt === undefined ? undefined : futureInstant(body.expiresAt, ctx.now(), 'expiresAt', 'The API token is invalid');
  return ctx.write(async (tx) => {
    if (!(await tx.get('projects', projectId))) throw notFound(`Could not find project with id "${projectId}".`);
    return createApiKeyInTx(tx, ctx, principal, {
      tokenName: body.tokenName,
      type: body.type.toLowerCase() as KeyType,
      role: null,
      projects: [projectId],
      environment: body.environment ?? 'development',
      ...(expiresAt === undefined ? {} : { expiresAt }),
    });
  });
}
