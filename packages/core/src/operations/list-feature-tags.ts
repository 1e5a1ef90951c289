import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { tagAnswers, tagTypeColors, visibleFeature, type TagList } from '../runtime/tag-lookups';

/** `GET /api/admin/features/:featureName/tags` (Unleash's `listTags`): the feature's tags with their colours; 404 for an unknown feature. */
export async function listFeatureTags(ctx: AdminContext, principal: Principal, input: { featureName: string }): Promise<TagList> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const feature = await visibleFeature(tx, principal, input.featureName);
    return { version: 1, tags: tagAnswers(feature.tags, await tagTypeColors(tx)) };
  });
}
