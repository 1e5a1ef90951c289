import { requireTagAdmin, type Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import { tagKey } from '../base/tags';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';

/**
 * `DELETE /api/admin/tag-types/:name` (Unleash's `deleteTagType`): refused while a feature carries a tag
 * of the type (409 naming how many; Unleash removes those tags from the features); the type's unused tags
 * go with it. An unknown type is no change (200, as Unleash). Event `tag-type-deleted` with the type as `preData`.
 */
export async function deleteTagType(ctx: AdminContext, principal: Principal, input: { name: string }): Promise<void> {
  requireTagAdmin(principal, 'DELETE_TAG_TYPE');
  await ctx.write(async (tx) => {
    const tagType = await tx.get('tagTypes', input.name);
    if (!tagType) return;
    const tags = (await tx.list('tags')).filter((t) => t.type === tagType.name);
    const used = tags.reduce((n, t) => n + (t.featureCount ?? 0), 0);
    if (used > 0) {
      throw new AdminError(
        'ConflictError',
        `The tag type ${tagType.name} is in use: its tags are on ${used} feature${used === 1 ? '' : 's'}. Remove them first.`,
      );
    }
    for (const tag of tags) await tx.delete('tags', tagKey(tag));
    await tx.delete('tagTypes', tagType.name);
    await emit(tx, ctx, principal, [{ type: 'tag-type-deleted', preData: tagType }]);
  });
}
