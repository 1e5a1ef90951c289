import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { deleteLinkEdit } from '../writes/feature-lifecycle-edits';
import { writeFeature } from '../writes/feature-write';

/** `DELETE .../features/:featureName/link/:linkId` (204): the link removed; an unknown id is a 404. */
export async function deleteFeatureLink(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string; linkId: string },
): Promise<null> {
  requireUpdateFeature(principal, input.projectId);
  await ctx.write((tx) => writeFeature(tx, ctx, { principal }, input, deleteLinkEdit(input.linkId)));
  return null;
}
