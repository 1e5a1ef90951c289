import { requireAdminKey, requireUpdateFeature, type Principal } from '../base/auth';
import type { Tag } from '../base/records';
import type { AdminContext } from '../runtime/context';
import { tagAnswers, tagTypeColors, visibleFeature, type TagList } from '../runtime/tag-lookups';
import { assertValid } from '../schemas/validation';
import { writeFeatureTags } from '../writes/feature-tags-write';

interface UpdateTagsBody {
  addedTags: Tag[];
  removedTags: Tag[];
}

/**
 * `PUT /api/admin/features/:featureName/tags` (Unleash's `updateTags`): adds `addedTags`, then removes
 * `removedTags`, in one write; answers the feature's tags.
 */
export async function updateFeatureTags(
  ctx: AdminContext,
  principal: Principal,
  input: { featureName: string; body: unknown },
): Promise<TagList> {
  requireAdminKey(principal);
  assertValid<UpdateTagsBody>('updateTagsBody', input.body, 'tag change');
  const { addedTags, removedTags } = input.body;
  return ctx.write(async (tx) => {
    const feature = await visibleFeature(tx, principal, input.featureName);
    requireUpdateFeature(principal, feature.project);
    const { result } = await writeFeatureTags(
      tx,
      ctx,
      { principal },
      { projectId: feature.project, featureName: feature.name },
      { added: addedTags, removed: removedTags },
    );
    return { version: 1, tags: tagAnswers(result, await tagTypeColors(tx)) };
  });
}
