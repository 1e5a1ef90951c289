import { requireTagAdmin, type Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import { tagKey } from '../base/tags';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';

/**
 * `DELETE /api/admin/tags/:type/:value` (Unleash's `deleteTag`): removes a tag from the instance's list.
 * A tag some feature carries is refused (409 naming how many; Unleash removes it from them without an
 * event of theirs): remove it from the features first. An unknown tag is no change (200, as Unleash).
 * Event `tag-deleted`.
 */
export async function deleteTag(ctx: AdminContext, principal: Principal, input: { type: string; value: string }): Promise<void> {
  requireTagAdmin(principal, 'UPDATE_FEATURE');
  await ctx.write(async (tx) => {
    const key = tagKey(input);
    const tag = await tx.get('tags', key);
    if (!tag) return;
    const used = tag.featureCount ?? 0;
    if (used > 0) {
      throw new AdminError(
        'ConflictError',
        `The tag ${tag.type}:${tag.value} is used by ${used} feature${used === 1 ? '' : 's'}: remove it from them first.`,
      );
    }
    await tx.delete('tags', key);
    await emit(tx, ctx, principal, [{ type: 'tag-deleted', data: { type: tag.type, value: tag.value } }]);
  });
}
