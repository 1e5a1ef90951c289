import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { completeEdit } from '../writes/feature-lifecycle-edits';
import { writeFeature } from '../writes/feature-write';

/**
 * `POST .../features/:featureName/lifecycle/complete` `{status: kept | discarded, statusValue?}`: the
 * feature enters the `completed` stage (once; completing again is no change). Event `feature-completed`.
 */
export async function completeFeature(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string; body: unknown },
): Promise<null> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<{ status: 'kept' | 'discarded'; statusValue?: string }>('featureLifecycleCompletedBody', input.body, 'lifecycle status');
  const edit = completeEdit(input.body, ctx.now().toISOString());
  await ctx.write((tx) => writeFeature(tx, ctx, { principal }, input, edit));
  return null;
}
