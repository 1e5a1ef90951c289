import { requireProjectApiTokens, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { badData, notFound } from '../base/errors';
import { deleteApiKeyInTx, findLiveApiKey, isProjectApiKey, keyReference } from '../writes/api-key-write';

/**
 * Deletes one of a project's API tokens (Unleash's `deleteProjectApiToken`; DELETE_PROJECT_API_TOKEN:
 * editor or admin keys with the project in scope, else 403), named by its id or its secret. A key that
 * is not one of the project's tokens, unknown or deleted is a 404; a token of this project and others
 * is a 400, as Unleash answers (delete it through `/api/admin/api-tokens`). As the instance route:
 * revoked for good, one `api-token-deleted` event without the secret.
 */
export async function deleteProjectApiKey(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; token: string },
): Promise<void> {
  requireProjectApiTokens(principal, input.projectId, 'DELETE_PROJECT_API_TOKEN');
  const ref = await keyReference(input.token);
  await ctx.write(async (tx) => {
    if (!(await tx.get('projects', input.projectId))) throw notFound(`Could not find project with id "${input.projectId}".`);
    const key = await findLiveApiKey(tx, ref);
    if (!key || !isProjectApiKey(key, input.projectId))
      throw notFound(`No API token of project "${input.projectId}" with that id or secret.`);
    if (key.projects.length !== 1) {
      throw badData(`The API token reaches other projects too (${key.projects.join(', ')}): delete it through /api/admin/api-tokens.`);
    }
    await deleteApiKeyInTx(tx, ctx, principal, key);
  });
}
