import { requireUpdateProject, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit, type EventInput } from '../runtime/emit';
import { badData, notFound } from '../base/errors';
import type { ProjectRecord } from '../base/records';
import type { DefaultStrategyDocument } from '../documents/environment-document';
import { defaultStrategyFromBody, withDefaultStrategy } from '../rules/project-default-strategy';

/**
 * `POST /api/admin/projects/:projectId/environments/:environment/default-strategy` (UPDATE_PROJECT;
 * Unleash's addDefaultStrategyToProjectEnvironment): what enabling a feature with no strategy in that
 * environment adds. Only flexibleRollout (as Unleash); an empty `groupId` becomes each feature's name.
 * `*` sets it for every environment the project uses. 400 when the project does not use the
 * environment. Events: `default-strategy-updated` per environment, `data` after, `preData` before.
 */
export async function updateProjectDefaultStrategy(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; environment: string; body: unknown },
): Promise<DefaultStrategyDocument> {
  requireUpdateProject(principal, input.projectId);
  return ctx.write(async (tx) => {
    const strategy = await defaultStrategyFromBody(input.body, ctx.limits, tx);
    const stored = await tx.get('projects', input.projectId);
    if (!stored) throw notFound(`Could not find project with id "${input.projectId}".`);
    const targets = input.environment === '*' ? stored.environments : [input.environment];
    if (!stored.environments.includes(input.environment) && input.environment !== '*') {
      throw badData(`The project "${stored.id}" does not use the environment "${input.environment}".`);
    }
    let project: ProjectRecord = stored;
    const events: EventInput[] = [];
    for (const environment of targets) {
      const change = withDefaultStrategy(project, environment, strategy);
      project = change.project;
      events.push(change.event);
    }
    await tx.put('projects', project);
    await emit(tx, ctx, principal, events);
    return strategy;
  });
}
