import { requireUpdateFeatureEnvironment, type Principal } from '../auth';
import type { AdminContext } from '../context';
import { emit, type EventInput } from '../emit';
import { notFound } from '../errors';
import { assertDepth } from '../limits';
import type { ChangeRequestRecord } from '../records';
import type { CHANGE_ACTIONS } from '../schemas/change-request';
import { assertValid } from '../validation';
import { avatarUrl } from '../avatar';

interface ChangeBody {
  feature: string;
  action: (typeof CHANGE_ACTIONS)[number];
  payload: unknown;
}

export interface AddChangesInput {
  projectId: string;
  environment: string;
  /** `{feature, action, payload}` or an array of them. */
  body: unknown;
}

/**
 * Adds changes to the caller's open Draft change request for that project and environment, creating
 * the draft when there is none (`created: true`).
 */
export async function addChangeRequestChanges(
  ctx: AdminContext,
  principal: Principal,
  input: AddChangesInput,
): Promise<{ changeRequest: ChangeRequestRecord; created: boolean }> {
  const { projectId, environment } = input;
  requireUpdateFeatureEnvironment(principal, projectId, environment);
  assertDepth(input.body, ctx.limits, 'The change');
  assertValid<ChangeBody | ChangeBody[]>('changeRequestChanges', input.body, 'change');
  const changes = Array.isArray(input.body) ? input.body : [input.body];
  return ctx.write(async (tx) => {
    const project = await tx.get('projects', projectId);
    if (!project) throw notFound(`Could not find project with id "${projectId}".`);
    if (!project.environments.includes(environment)) {
      throw notFound(`Project "${projectId}" has no environment "${environment}".`);
    }
    for (const change of changes) {
      const feature = await tx.get('features', change.feature);
      if (!feature || feature.project !== projectId) {
        throw notFound(`Could not find feature "${change.feature}" in project "${projectId}".`);
      }
    }
    const now = ctx.now().toISOString();
    const imageUrl = await avatarUrl(principal.name);
    const events: EventInput[] = [];
    const open = (await tx.list('changeRequests', { project: projectId })).find(
      (cr) => cr.environment === environment && cr.state === 'Draft' && cr.createdBy.id === principal.id,
    );
    let changeRequest: ChangeRequestRecord;
    if (open) {
      changeRequest = open;
    } else {
      const id = await tx.nextSequence('changeRequest');
      changeRequest = {
        id,
        title: `Change request #${id}`,
        environment,
        minApprovals: 1,
        project: projectId,
        features: [],
        segments: [],
        approvals: [],
        rejections: [],
        comments: [],
        createdBy: { id: principal.id, username: principal.name, imageUrl },
        createdAt: now,
        state: 'Draft',
      };
      events.push({ type: 'change-request-created', project: projectId, environment, data: { id, title: changeRequest.title, environment, state: 'Draft' } });
    }
    for (const change of changes) {
      const id = await tx.nextSequence('change');
      let entry = changeRequest.features.find((f) => f.name === change.feature);
      if (!entry) changeRequest.features.push((entry = { name: change.feature, changes: [] }));
      entry.changes.push({ id, action: change.action, payload: change.payload, createdBy: { username: principal.name, imageUrl }, createdAt: now });
      events.push({
        type: 'change-added',
        project: projectId,
        environment,
        featureName: change.feature,
        data: { changeRequestId: changeRequest.id, changeId: id, action: change.action, payload: change.payload },
      });
    }
    await tx.put('changeRequests', changeRequest);
    await emit(tx, ctx, principal, events);
    return { changeRequest, created: !open };
  });
}
