import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { archiveEdit, eachFeature } from '../writes/feature-lifecycle-edits';

/**
 * `POST /api/admin/projects/:projectId/archive` `{features}` (202): archives them all or none. A parent
 * whose live children are not all in the list is a 409, as a single archive; together they may go.
 */
export async function archiveFeatures(ctx: AdminContext, principal: Principal, input: { projectId: string; body: unknown }): Promise<null> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<{ features: string[] }>('batchFeaturesBody', input.body, 'features');
  const { features } = input.body;
  await ctx.write((tx) => eachFeature(tx, ctx, { principal }, input.projectId, features, archiveEdit, { together: true }));
  return null;
}
