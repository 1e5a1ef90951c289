import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { apiTokenDocument, type ApiTokenDocument } from '../documents/api-token-document';

/** Every key that is not deleted, expired ones included, by id (ADMIN). Never a secret: only hashes are stored. */
export async function listApiKeys(ctx: AdminContext, principal: Principal): Promise<{ tokens: ApiTokenDocument[] }> {
  requireAdmin(principal);
  const keys = await ctx.read((tx) => tx.list('apiKeys'));
  return {
    tokens: keys
      .filter((key) => key.deletedAt === undefined)
      .sort((a, b) => a.id - b.id)
      .map(apiTokenDocument),
  };
}
