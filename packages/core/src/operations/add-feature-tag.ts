import { requireAdminKey, requireUpdateFeature, type Principal } from '../base/auth';
import type { Tag } from '../base/records';
import type { AdminContext } from '../runtime/context';
import { visibleFeature } from '../runtime/tag-lookups';
import { assertValid } from '../schemas/validation';
import { writeFeatureTags } from '../writes/feature-tags-write';

/**
 * `POST /api/admin/features/:featureName/tags` (Unleash's `addTag`): tags the feature (201 with the tag);
 * a tag it has already is no change. A tag of an unknown type is a 400; a tag new to the list joins it.
 */
export async function addFeatureTag(ctx: AdminContext, principal: Principal, input: { featureName: string; body: unknown }): Promise<Tag> {
  requireAdminKey(principal);
  assertValid<Tag>('tagBody', input.body, 'tag');
  const tag = { type: input.body.type, value: input.body.value };
  return ctx.write(async (tx) => {
    const feature = await visibleFeature(tx, principal, input.featureName);
    requireUpdateFeature(principal, feature.project);
    await writeFeatureTags(
      tx,
      ctx,
      { principal },
      { projectId: feature.project, featureName: feature.name },
      { added: [tag], removed: [] },
    );
    return tag;
  });
}
