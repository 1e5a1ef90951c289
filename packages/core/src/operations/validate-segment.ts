import { requireAdminKey, type Principal } from '../base/auth';
import { liveSegments, requireFreeSegmentName } from '../rules/segment-lookup';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/admin/segments/validate` `{name}`: resolves when no segment has the name (204), else
 * NameExistsError (409), as a create would. Any admin key may ask; names are unique over all projects.
 */
export async function validateSegment(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<null> {
  requireAdminKey(principal);
  assertValid<{ name: string }>('segmentNameBody', input.body, 'segment name');
  const { name } = input.body;
  requireFreeSegmentName(await ctx.read(liveSegments), name);
  return null;
}
