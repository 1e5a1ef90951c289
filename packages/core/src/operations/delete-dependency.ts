import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { deleteDependencyEdit, editDependencies } from '../writes/dependency-write';
import type { FeatureWriteResult } from '../writes/feature-write';

/**
 * `DELETE .../features/:child/dependencies/:parent`. A parent the child does not depend on is no
 * change (200, no event). Event: `feature-dependency-removed`.
 */
export async function deleteDependency(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string; parent: string },
): Promise<FeatureWriteResult<null>> {
  return editDependencies(ctx, principal, input, deleteDependencyEdit(input.parent));
}
