import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { visibleProject } from '../runtime/lookups';

/**
 * `GET /api/admin/projects/:projectId/dependencies` (Unleash's `checkDependenciesExist`): whether a
 * feature of the project depends on another. Unleash answers for the whole instance; this answers for
 * the path's project (read through the project index, and nothing of other projects is told).
 */
export async function checkDependenciesExist(ctx: AdminContext, principal: Principal, input: { projectId: string }): Promise<boolean> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    return (await tx.list('features', { project: input.projectId })).some((f) => f.dependencies.length > 0);
  });
}
