import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { updateLinkEdit } from '../writes/feature-lifecycle-edits';
import { writeFeature } from '../writes/feature-write';

/** `PUT .../features/:featureName/link/:linkId` `{url, title?}` (204): the link replaced; an unknown id is a 404. */
export async function updateFeatureLink(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string; linkId: string; body: unknown },
): Promise<null> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<{ url: string; title?: string | null }>('linkBody', input.body, 'link');
  const edit = updateLinkEdit(input.linkId, input.body);
  await ctx.write((tx) => writeFeature(tx, ctx, { principal }, input, edit));
  return null;
}
