import { requireAdminKey, type Principal } from '../base/auth';
import { notFound } from '../base/errors';
import type { TagTypeRecord } from '../base/vocabulary-records';
import type { AdminContext } from '../runtime/context';

/** `GET /api/admin/tag-types/:name` (Unleash's `getTagType`): `{version: 1, tagType}` as Unleash answers, or 404. */
export async function getTagType(
  ctx: AdminContext,
  principal: Principal,
  input: { name: string },
): Promise<{ version: 1; tagType: TagTypeRecord }> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const tagType = await tx.get('tagTypes', input.name);
    if (!tagType) throw notFound(`Tagtype ${input.name} could not be found`);
    return { version: 1, tagType };
  });
}
