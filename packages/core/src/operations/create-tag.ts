import { requireTagAdmin, type Principal } from '../base/auth';
import { AdminError, badData } from '../base/errors';
import type { Tag } from '../base/records';
import { tagKey } from '../base/tags';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { tagAnswers, tagTypeColors, type TagAnswer } from '../runtime/tag-lookups';
import { assertValid } from '../schemas/validation';
import { tagCreatedEvent, unknownTagType } from '../writes/tag-usage';

/**
 * `POST /api/admin/tags` (Unleash's `createTag`): adds a tag to the instance's list, its value trimmed;
 * 400 for an unknown type, 409 when the tag exists. Event `tag-created`. Answers 201 `{version: 1, tag}`.
 */
export async function createTag(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown },
): Promise<{ version: 1; tag: TagAnswer }> {
  requireTagAdmin(principal, 'UPDATE_FEATURE');
  assertValid<Tag>('createTagBody', input.body, 'tag');
  const tag = { type: input.body.type, value: input.body.value.trim() };
  return ctx.write(async (tx) => {
    if (!(await tx.get('tagTypes', tag.type)))
      throw badData(unknownTagType(tag.type), [{ message: unknownTagType(tag.type), path: '/type' }]);
    if (await tx.get('tags', tagKey(tag)))
      throw new AdminError('NameExistsError', `A tag of type "${tag.type}" with value "${tag.value}" already exists.`);
    await tx.put('tags', { ...tag, createdAt: ctx.now().toISOString(), featureCount: 0 });
    await emit(tx, ctx, principal, [tagCreatedEvent(tag)]);
    return { version: 1, tag: tagAnswers([tag], await tagTypeColors(tx))[0]! };
  });
}
