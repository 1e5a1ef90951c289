import { requireAdminKey, type Principal } from '../base/auth';
import { notFound } from '../base/errors';
import { tagKey } from '../base/tags';
import type { AdminContext } from '../runtime/context';
import { tagAnswers, tagTypeColors, type TagAnswer } from '../runtime/tag-lookups';

/** `GET /api/admin/tags/:type/:value` (Unleash's `getTag`): `{version: 1, tag}`, or 404. */
export async function getTag(
  ctx: AdminContext,
  principal: Principal,
  input: { type: string; value: string },
): Promise<{ version: 1; tag: TagAnswer }> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const tag = await tx.get('tags', tagKey(input));
    if (!tag) throw notFound(`No tag with type: [${input.type}] and value [${input.value}]`);
    return { version: 1, tag: tagAnswers([tag], await tagTypeColors(tx))[0]! };
  });
}
