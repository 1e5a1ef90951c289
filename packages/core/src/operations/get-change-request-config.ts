import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { changeRequestConfig } from '../rules/change-request-config';
import { environments, visibleProject } from '../runtime/lookups';

export interface ChangeRequestEnvironmentConfig {
  environment: string;
  type: string;
  changeRequestEnabled: boolean;
  requiredApprovals: number;
}

/** `GET /api/admin/projects/:projectId/change-requests/config`: every environment of the project, as Unleash lists them. */
export async function getChangeRequestConfig(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string },
): Promise<ChangeRequestEnvironmentConfig[]> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const project = await visibleProject(tx, principal, input.projectId);
    const envs = await environments(tx);
    const out: ChangeRequestEnvironmentConfig[] = [];
    for (const env of [...envs.values()].filter((e) => project.environments.includes(e.name))) {
      const config = await changeRequestConfig(tx, project.id, env.name);
      out.push({
        environment: env.name,
        type: env.type,
        changeRequestEnabled: config.enabled,
        requiredApprovals: config.requiredApprovals,
      });
    }
    return out;
  });
}
