import { requireAdminKey, type Principal } from '../base/auth';
import type { TagTypeRecord } from '../base/vocabulary-records';
import type { AdminContext } from '../runtime/context';

/** `GET /api/admin/tag-types` (Unleash's `getTagTypes`): every tag type, by name. */
export async function listTagTypes(ctx: AdminContext, principal: Principal): Promise<{ version: 1; tagTypes: TagTypeRecord[] }> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => ({ version: 1, tagTypes: await tx.list('tagTypes') }));
}
