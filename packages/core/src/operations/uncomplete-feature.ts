import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { uncompleteEdit } from '../writes/feature-lifecycle-edits';
import { writeFeature } from '../writes/feature-write';

/** `POST .../features/:featureName/lifecycle/uncomplete`: the feature leaves the `completed` stage. Event `feature-uncompleted`. */
export async function uncompleteFeature(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string },
): Promise<null> {
  requireUpdateFeature(principal, input.projectId);
  await ctx.write((tx) => writeFeature(tx, ctx, { principal }, input, uncompleteEdit));
  return null;
}
