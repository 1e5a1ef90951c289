import { requireTagAdmin, type Principal } from '../base/auth';
import type { TagTypeRecord } from '../base/vocabulary-records';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { requireFreeTagTypeName, tagTypeRecord, type TagTypeBody } from '../rules/tag-type-input';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/admin/tag-types` (Unleash's `createTagType`): name (URL-safe, 2–50 characters), description,
 * icon and colour (`#` and six hex digits). 409 when the name is taken. Event `tag-type-created`.
 */
export async function createTagType(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<TagTypeRecord> {
  requireTagAdmin(principal, 'CREATE_TAG_TYPE');
  assertValid<TagTypeBody>('tagTypeBody', input.body, 'tag type');
  const record = tagTypeRecord(input.body, { name: input.body.name, description: '', icon: null, color: null });
  return ctx.write(async (tx) => {
    await requireFreeTagTypeName(tx, record.name);
    await tx.put('tagTypes', record);
    await emit(tx, ctx, principal, [{ type: 'tag-type-created', data: record }]);
    return record;
  });
}
