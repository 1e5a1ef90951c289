import { canSeeProject, requireAdminKey, requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { writeFeatureTags } from '../writes/feature-tags-write';

/**
 * `DELETE /api/admin/features/:featureName/tags/:type/:value` (Unleash's `removeTag`): a tag the feature
 * does not have, or a feature that does not exist, is no change (200, as Unleash answers).
 */
export async function removeFeatureTag(
  ctx: AdminContext,
  principal: Principal,
  input: { featureName: string; type: string; value: string },
): Promise<void> {
  requireAdminKey(principal);
  await ctx.write(async (tx) => {
    const feature = await tx.get('features', input.featureName);
    if (!feature || !canSeeProject(principal, feature.project)) return;
    requireUpdateFeature(principal, feature.project);
    const tag = { type: input.type, value: input.value };
    await writeFeatureTags(
      tx,
      ctx,
      { principal },
      { projectId: feature.project, featureName: feature.name },
      { added: [], removed: [tag] },
    );
  });
}
