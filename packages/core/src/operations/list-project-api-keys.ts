import { requireAdminKey, requireProjectApiTokens, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { apiTokenDocument, type ApiTokenDocument } from '../documents/api-token-document';
import { visibleProject } from '../runtime/lookups';
import { isProjectApiKey } from '../writes/api-key-write';

/**
 * A project's API tokens (Unleash's `getProjectApiTokens`): its client, backend and frontend keys that
 * are not deleted, by id, never a secret. A project the key does not reach or that does not exist is a
 * 404 (as every read); then READ_PROJECT_API_TOKEN (editor or admin keys) or 403.
 */
export async function listProjectApiKeys(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string },
): Promise<{ tokens: ApiTokenDocument[] }> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    requireProjectApiTokens(principal, input.projectId, 'READ_PROJECT_API_TOKEN');
    const keys = await tx.list('apiKeys');
    return {
      tokens: keys
        .filter((key) => key.deletedAt === undefined && isProjectApiKey(key, input.projectId))
        .sort((a, b) => a.id - b.id)
        .map(apiTokenDocument),
    };
  });
}
