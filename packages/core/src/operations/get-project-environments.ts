import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { projectEnvironmentDocument, type ProjectEnvironmentDocument } from '../documents/environment-document';
import { environments, visibleProject } from '../runtime/lookups';

/**
 * Every environment of the instance as the project sees it (Unleash's getProjectEnvironments): `visible`
 * when the project uses it, its keys and enabled features there, its default strategy. 404 outside the key's scope.
 */
export async function getProjectEnvironments(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string },
): Promise<{ version: 1; environments: ProjectEnvironmentDocument[] }> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const project = await visibleProject(tx, principal, input.projectId);
    const [envs, keys, features] = await Promise.all([environments(tx), tx.list('apiKeys'), tx.list('features', { project: project.id })]);
    const live = features.filter((f) => !f.archived);
    return { version: 1, environments: [...envs.values()].map((e) => projectEnvironmentDocument(e, project, keys, live)) };
  });
}
