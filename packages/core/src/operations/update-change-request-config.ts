import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { changeRequestConfig } from '../rules/change-request-config';
import { emit } from '../runtime/emit';
import { notFound } from '../base/errors';
import { jsonEqual } from '../base/json';
import type { ChangeRequestConfigRecord } from '../base/change-request-records';
import { assertValid } from '../schemas/validation';

/**
 * `PUT /api/admin/projects/:projectId/environments/:environment/change-requests/config`
 * `{changeRequestsEnabled, requiredApprovals?}` (ADMIN; approvals 1–10, kept when left out). While
 * enabled, direct changes to that environment need SKIP_CHANGE_REQUEST. Requests already made keep the
 * minApprovals they were created with. Event: `change-request-configuration-updated`; none when nothing changed.
 */
export async function updateChangeRequestConfig(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; environment: string; body: unknown },
): Promise<ChangeRequestConfigRecord> {
  requireAdmin(principal);
  assertValid<{ changeRequestsEnabled: boolean; requiredApprovals?: number }>(
    'changeRequestConfigBody',
    input.body,
    'change request configuration',
  );
  const body = input.body;
  const { projectId, environment } = input;
  return ctx.write(async (tx) => {
    const project = await tx.get('projects', projectId);
    if (!project) throw notFound(`Could not find project with id "${projectId}".`);
    if (!project.environments.includes(environment)) throw notFound(`Project "${projectId}" has no environment "${environment}".`);
    const before = await changeRequestConfig(tx, projectId, environment);
    const after: ChangeRequestConfigRecord = {
      ...before,
      enabled: body.changeRequestsEnabled,
      requiredApprovals: body.requiredApprovals ?? before.requiredApprovals,
    };
    if (jsonEqual(before, after)) return after;
    await tx.put('changeRequestConfigs', after);
    await emit(tx, ctx, principal, [
      { type: 'change-request-configuration-updated', project: projectId, environment, data: after, preData: before },
    ]);
    return after;
  });
}
