import { requireUpdateFeature, type Principal } from '../base/auth';
import { badData } from '../base/errors';
import type { Tag } from '../base/records';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { writeFeatureTags } from '../writes/feature-tags-write';

interface TagsBulkBody {
  features: string[];
  tags: { addedTags: Tag[]; removedTags: Tag[] };
}

/**
 * `PUT /api/admin/projects/:projectId/tags` (Unleash's `addTagToFeatures`): the same tag change on
 * several features of the project, all in one transaction (each feature through the feature write
 * path). A feature that is not in the project is a 400 and nothing changes.
 */
export async function addTagToFeatures(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; body: unknown },
): Promise<void> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<TagsBulkBody>('tagsBulkAddBody', input.body, 'tag change');
  const { features, tags } = input.body;
  const names = [...new Set(features)];
  await ctx.write(async (tx) => {
    for (const name of names) {
      const feature = await tx.get('features', name);
      if (feature?.project !== input.projectId) {
        throw badData(`Tried to change tags of feature not belonging to project: "${name}" is not a feature of "${input.projectId}".`, [
          { message: `"${name}" is not a feature of "${input.projectId}"`, path: `/features/${features.indexOf(name)}` },
        ]);
      }
    }
    for (const name of names) {
      await writeFeatureTags(
        tx,
        ctx,
        { principal },
        { projectId: input.projectId, featureName: name },
        {
          added: tags.addedTags,
          removed: tags.removedTags,
        },
      );
    }
  });
}
