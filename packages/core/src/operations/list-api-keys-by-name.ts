import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { apiTokenDocument, type ApiTokenDocument } from '../documents/api-token-document';

/**
 * The keys of that name (ADMIN; Unleash's `getApiTokensByName`), by id: names are not unique, so a list,
 * empty when none has it. Deleted keys are left out, expired ones kept. Never a secret. This is how a
 * tool that created a key (Unleash's Terraform provider) finds it again: by its name, then its id.
 */
export async function listApiKeysByName(
  ctx: AdminContext,
  principal: Principal,
  input: { name: string },
): Promise<{ tokens: ApiTokenDocument[] }> {
  requireAdmin(principal);
  const keys = await ctx.read((tx) => tx.list('apiKeys'));
  return {
    tokens: keys
      .filter((key) => key.deletedAt === undefined && key.name === input.name)
      .sort((a, b) => a.id - b.id)
      .map(apiTokenDocument),
  };
}
