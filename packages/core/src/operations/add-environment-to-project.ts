import { requireUpdateProject, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit, type EventInput } from '../runtime/emit';
import { AdminError, badData, notFound } from '../base/errors';
import type { ProjectRecord } from '../base/records';
import { assertValid } from '../schemas/validation';
import { defaultStrategyFromBody, withDefaultStrategy } from '../rules/project-default-strategy';
import { attachToFeatures } from '../writes/environment-writes';

interface AddProjectEnvironmentBody {
  environment: string;
  changeRequestsEnabled?: boolean;
  defaultStrategy?: unknown;
}

/**
 * `POST /api/admin/projects/:projectId/environments` (UPDATE_PROJECT; Unleash's addEnvironmentToProject):
 * the project uses the environment; its features get it disabled, with the strategies and variants they
 * had there before it was removed, if it was. Optionally its default strategy and change requests (on,
 * with the environment's required approvals or 1). 400 for an unknown environment, 409 when the project
 * uses it already. Events: `project-environment-added`, then `default-strategy-updated` when one is given.
 */
export async function addEnvironmentToProject(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; body: unknown },
): Promise<void> {
  requireUpdateProject(principal, input.projectId);
  assertValid<AddProjectEnvironmentBody>('addProjectEnvironment', input.body, 'project environment');
  const body = input.body;
  await ctx.write(async (tx) => {
    const strategy = body.defaultStrategy === undefined ? undefined : await defaultStrategyFromBody(body.defaultStrategy, ctx.limits, tx);
    const project = await tx.get('projects', input.projectId);
    if (!project) throw notFound(`Could not find project with id "${input.projectId}".`);
    const environment = await tx.get('environments', body.environment);
    if (!environment) throw badData(`Environment ${body.environment} does not exist`);
    if (project.environments.includes(environment.name)) {
      throw new AdminError('NameExistsError', `${project.id} already has the environment ${environment.name} enabled`);
    }
    let updated: ProjectRecord = { ...project, environments: [...project.environments, environment.name] };
    const events: EventInput[] = [{ type: 'project-environment-added', project: project.id, environment: environment.name }];
    if (strategy) {
      const change = withDefaultStrategy(updated, environment.name, strategy);
      updated = change.project;
      events.push(change.event);
    }
    await tx.put('projects', updated);
    if (body.changeRequestsEnabled === true) {
      await tx.put('changeRequestConfigs', {
        project: project.id,
        environment: environment.name,
        enabled: true,
        requiredApprovals: environment.requiredApprovals ?? 1,
      });
    }
    await attachToFeatures(tx, project.id, environment.name);
    await emit(tx, ctx, principal, events);
  });
}
