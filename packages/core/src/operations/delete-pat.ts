import type { Principal } from '../base/auth';
import { patDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { requirePerson } from '../runtime/people';

/**
 * `DELETE /api/admin/user/tokens/:id` (Unleash's `deletePat`): the person's own token goes, refused from
 * the next request; event `pat-deleted`. Another person's or an unknown id changes nothing (200, as Unleash).
 */
export async function deletePat(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<void> {
  requirePerson(principal);
  if (!/^[1-9][0-9]{0,14}$/.test(input.id)) return;
  const id = Number(input.id);
  await ctx.write(async (tx) => {
    const token = (await tx.list('personalTokens')).find((t) => t.id === id && t.userId === principal.id);
    if (!token) return;
    await tx.delete('personalTokens', token.secretHash);
    await emit(tx, ctx, principal, [{ type: 'pat-deleted', preData: patDocument(token) }]);
  });
}
