import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { deleteAllDependenciesEdit, editDependencies } from '../writes/dependency-write';
import type { FeatureWriteResult } from '../writes/feature-write';

/** `DELETE .../features/:child/dependencies`: all of them, one event `feature-dependencies-removed`. */
export async function deleteDependencies(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string },
): Promise<FeatureWriteResult<null>> {
  return editDependencies(ctx, principal, input, deleteAllDependenciesEdit);
}
