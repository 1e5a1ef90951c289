import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { tagAnswers, tagTypeColors, type TagList } from '../runtime/tag-lookups';

/**
 * `GET /api/admin/tags` (Unleash's `getTags`) and, with `type`, `GET /api/admin/tags/:type`
 * (`getTagsByType`; an unknown type has none): the instance's tag list, by type then value.
 */
export async function listTags(ctx: AdminContext, principal: Principal, input: { type?: string } = {}): Promise<TagList> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const tags = (await tx.list('tags')).filter((t) => input.type === undefined || t.type === input.type);
    return { version: 1, tags: tagAnswers(tags, await tagTypeColors(tx)) };
  });
}
