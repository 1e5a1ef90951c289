import type { Principal } from '../base/auth';
import { patDocument, type PatDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { requirePerson } from '../runtime/people';

/** `GET /api/admin/user/tokens` (Unleash's `getPats`): the signed-in person's tokens, never a secret; a key: 403. */
export async function getPats(ctx: AdminContext, principal: Principal): Promise<{ pats: PatDocument[] }> {
  requirePerson(principal);
  const tokens = await ctx.read((tx) => tx.list('personalTokens'));
  return {
    pats: tokens
      .filter((t) => t.userId === principal.id)
      .sort((a, b) => a.id - b.id)
      .map(patDocument),
  };
}
