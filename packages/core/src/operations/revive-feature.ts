import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { featureByName } from '../runtime/feature-by-name';
import { reviveEdit } from '../writes/feature-lifecycle-edits';
import { writeFeature } from '../writes/feature-write';

/**
 * `POST /api/admin/archive/revive/:featureName`: the archived feature back in its project, off in every
 * environment, lifecycle `initial` (as Unleash). A live feature is a 400; one outside the key's scope a 404.
 */
export async function reviveFeature(ctx: AdminContext, principal: Principal, input: { featureName: string }): Promise<null> {
  await ctx.write(async (tx) => {
    const feature = await featureByName(tx, principal, input.featureName);
    requireUpdateFeature(principal, feature.project);
    await writeFeature(tx, ctx, { principal }, { projectId: feature.project, featureName: feature.name, mayRevive: true }, reviveEdit);
  });
  return null;
}
