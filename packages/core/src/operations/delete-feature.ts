import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { featureByName } from '../runtime/feature-by-name';
import { removeFeature } from '../writes/feature-write';

/**
 * `DELETE /api/admin/archive/:featureName`: deletes an archived feature for good (its history stays in
 * the events, its name is free again). A live feature is a 400 (archive it first); one outside the key's
 * scope or unknown a 404.
 */
export async function deleteFeature(ctx: AdminContext, principal: Principal, input: { featureName: string }): Promise<null> {
  await ctx.write(async (tx) => {
    const feature = await featureByName(tx, principal, input.featureName);
    requireUpdateFeature(principal, feature.project);
    await removeFeature(tx, ctx, { principal }, { projectId: feature.project, featureName: feature.name });
  });
  return null;
}
