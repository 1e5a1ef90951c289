import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { addDependencyEdit, editDependencies } from '../writes/dependency-write';
import type { FeatureWriteResult } from '../writes/feature-write';

export interface AddDependencyInput {
  projectId: string;
  /** The child: the feature that gets the dependency. */
  featureName: string;
  /** `{feature, enabled?, variants?}`: the parent, and whether it must be on (with one of the variants). */
  body: unknown;
}

/**
 * `POST .../features/:child/dependencies`, as Unleash: the parent is in the same project, not
 * archived, has no parents itself, and the child is no parent (one level, so no cycles). Adding the
 * same parent again replaces its conditions. Event: `feature-dependency-added` on the child.
 */
export async function addDependency(ctx: AdminContext, principal: Principal, input: AddDependencyInput): Promise<FeatureWriteResult<null>> {
  return editDependencies(ctx, principal, input, addDependencyEdit(input.projectId, input.body));
}
