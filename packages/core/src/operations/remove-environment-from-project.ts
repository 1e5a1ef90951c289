import { requireUpdateProject, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { badData, notFound } from '../base/errors';
import { detachFromFeatures } from '../writes/environment-writes';

/**
 * `DELETE /api/admin/projects/:projectId/environments/:environment` (UPDATE_PROJECT; Unleash's
 * removeEnvironmentFromProject): the project stops using the environment; its features' strategies and
 * variants there are kept, unseen and unserved, for a re-add (which brings them back disabled), and so
 * are the project's default strategy and change-request settings for it. 400 when the project does not
 * use it. Event: `project-environment-removed`.
 */
export async function removeEnvironmentFromProject(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; environment: string },
): Promise<void> {
  requireUpdateProject(principal, input.projectId);
  await ctx.write(async (tx) => {
    const project = await tx.get('projects', input.projectId);
    if (!project) throw notFound(`Could not find project with id "${input.projectId}".`);
    if (!project.environments.includes(input.environment)) {
      throw badData(`The project "${project.id}" does not use the environment "${input.environment}".`);
    }
    await tx.put('projects', { ...project, environments: project.environments.filter((e) => e !== input.environment) });
    await detachFromFeatures(tx, project.id, input.environment);
    await emit(tx, ctx, principal, [{ type: 'project-environment-removed', project: project.id, environment: input.environment }]);
  });
}
