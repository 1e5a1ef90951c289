import { requireTagAdmin, type Principal } from '../base/auth';
import { badData, notFound } from '../base/errors';
import { jsonEqual } from '../base/json';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { tagTypeRecord, type TagTypeBody } from '../rules/tag-type-input';
import { assertValid } from '../schemas/validation';

/**
 * `PUT /api/admin/tag-types/:name` (Unleash's `updateTagType`): description, icon and colour; what the
 * body leaves out is kept. A `name` in the body must be the path's (a tag type is not renamed). 404 for
 * an unknown type (Unleash answers 200 and changes nothing). Event `tag-type-updated` (none when nothing changed).
 */
export async function updateTagType(ctx: AdminContext, principal: Principal, input: { name: string; body: unknown }): Promise<void> {
  requireTagAdmin(principal, 'UPDATE_TAG_TYPE');
  assertValid<Partial<TagTypeBody>>('updateTagTypeBody', input.body, 'tag type');
  const body = input.body;
  if (body.name !== undefined && body.name !== input.name) {
    throw badData(`A tag type cannot be renamed: the body names "${body.name}", the path "${input.name}".`, [
      { message: "not the path's name", path: '/name' },
    ]);
  }
  await ctx.write(async (tx) => {
    const stored = await tx.get('tagTypes', input.name);
    if (!stored) throw notFound(`Tagtype ${input.name} could not be found`);
    const record = tagTypeRecord(body, stored);
    if (jsonEqual(record, stored)) return;
    await tx.put('tagTypes', record);
    await emit(tx, ctx, principal, [{ type: 'tag-type-updated', data: record, preData: stored }]);
  });
}
