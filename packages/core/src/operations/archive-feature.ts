import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { archiveEdit } from '../writes/feature-lifecycle-edits';
import { writeFeature } from '../writes/feature-write';

/**
 * `DELETE /api/admin/projects/:projectId/features/:featureName` (202): archives the feature, as the
 * PATCH of `archived` and a change request's `archiveFeature` do: 409 while live features depend on it,
 * its own dependencies go, it is served to no SDK and read-only until revived.
 */
export async function archiveFeature(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string; ifMatch?: string | null },
): Promise<null> {
  requireUpdateFeature(principal, input.projectId);
  await ctx.write((tx) => writeFeature(tx, ctx, { principal }, input, archiveEdit));
  return null;
}
