import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { requireFreeTagTypeName, type TagTypeBody } from '../rules/tag-type-input';
import { assertValid } from '../schemas/validation';

/** `POST /api/admin/tag-types/validate` (Unleash's `validateTagType`): `{valid: true, tagType}` (the body), 400 when invalid, 409 when taken. */
export async function validateTagType(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown },
): Promise<{ valid: true; tagType: TagTypeBody }> {
  requireAdminKey(principal);
  assertValid<TagTypeBody>('tagTypeBody', input.body, 'tag type');
  const body = input.body;
  await ctx.read((tx) => requireFreeTagTypeName(tx, body.name));
  return { valid: true, tagType: body };
}
