import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { removeEach } from '../writes/feature-lifecycle-edits';

/** `POST /api/admin/projects/:projectId/delete` `{features}`: deletes archived features for good, all or none. */
export async function deleteFeatures(ctx: AdminContext, principal: Principal, input: { projectId: string; body: unknown }): Promise<null> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<{ features: string[] }>('batchFeaturesBody', input.body, 'features');
  const { features } = input.body;
  await ctx.write((tx) => removeEach(tx, ctx, { principal }, input.projectId, features));
  return null;
}
