import { requireUpdateFeatureEnvironment, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit, type EventInput } from '../runtime/emit';
import { badData, notFound } from '../base/errors';
import { assertDepth, limitExceeded } from '../base/limits';
import type { ChangeRequestRecord, ChangeTarget } from '../base/change-request-records';
import { assertValid } from '../schemas/validation';
import { userOf } from '../change-requests/change-request-write';
import { changeRequestConfig } from '../rules/change-request-config';
import { changeRequestDocument, type ChangeRequestDocument } from '../change-requests/change-request-document';
import { requestEvent } from '../change-requests/change-request-events';
import { dryRun } from '../change-requests/dry-run';
import { prepareInput, type ChangeInput } from '../change-requests/prepared-changes';
import type { WriteTx } from '../base/storage';

export interface AddChangesInput {
  projectId: string;
  environment: string;
  /** `{feature, action, payload}` or an array of them (segment changes name no feature). */
  body: unknown;
}

/**
 * Adds changes to the caller's open Draft change request for that project and environment, creating
 * the draft when there is none (`created: true`, `minApprovals` from the environment's settings).
 * Every payload is checked as its operation checks it, by running the changes in a transaction that
 * is rolled back; each change keeps the version of what it targets, for conflict detection.
 */
export async function addChangeRequestChanges(
  ctx: AdminContext,
  principal: Principal,
  input: AddChangesInput,
): Promise<{ changeRequest: ChangeRequestDocument; created: boolean }> {
  const { projectId, environment } = input;
  requireUpdateFeatureEnvironment(principal, projectId, environment);
  assertDepth(input.body, ctx.limits, 'The change');
  assertValid<ChangeInput | ChangeInput[]>('changeRequestChanges', input.body, 'change');
  const many = Array.isArray(input.body);
  const changes = Array.isArray(input.body) ? input.body : [input.body];
  const prefix = (i: number) => (many ? `/${i}` : '');
  const prepared = changes.map((change, i) => prepareInput(projectId, environment, change, prefix(i)));
  await ctx.read(async (tx) => {
    const project = await tx.get('projects', projectId);
    if (!project) throw notFound(`Could not find project with id "${projectId}".`);
    if (!project.environments.includes(environment)) throw notFound(`Project "${projectId}" has no environment "${environment}".`);
    for (const [i, change] of changes.entries()) {
      if (change.feature == null) continue;
      const feature = await tx.get('features', change.feature);
      if (!feature || feature.project !== projectId)
        throw notFound(`Could not find feature "${change.feature}" in project "${projectId}".`);
      if (feature.archived)
        throw badData(`Feature "${change.feature}" is archived.`, [{ message: 'archived feature', path: `${prefix(i)}/feature` }]);
    }
  });
  const targets = await dryRun(
    ctx,
    principal,
    environment,
    prepared.map((p, i) => ({ prepared: p, feature: changes[i]!.feature ?? null, prefix: prefix(i) })),
  );
  const author = await userOf(principal); // its avatar is a hash: computed once, outside the write
  return ctx.write(async (tx) => {
    const { changeRequest, events } = await openDraft(tx, ctx, author, projectId, environment);
    const now = ctx.now().toISOString();
    const createdBy = { username: author.username, imageUrl: author.imageUrl };
    for (const [i, change] of changes.entries()) {
      const id = await tx.nextSequence('change');
      const record = { id, action: change.action, payload: change.payload, createdBy, createdAt: now, target: targets[i] as ChangeTarget };
      if (change.feature == null) {
        const segment = await tx.get('segments', targets[i]!.id!);
        changeRequest.segments.push({ ...record, name: segment?.name ?? '' });
      } else {
        let entry = changeRequest.features.find((f) => f.name === change.feature);
        if (!entry) changeRequest.features.push((entry = { name: change.feature, changes: [] }));
        entry.changes.push(record);
      }
      events.push(
        requestEvent(
          changeRequest,
          'change-added',
          { changeId: id, action: change.action, payload: change.payload },
          change.feature ?? undefined,
        ),
      );
    }
    const count = changeRequest.segments.length + changeRequest.features.reduce((n, f) => n + f.changes.length, 0);
    const limit = ctx.limits.changesPerRequest;
    if (count > limit) throw limitExceeded('changesPerRequest', limit, 'Too many changes in this change request');
    await tx.put('changeRequests', changeRequest);
    await emit(tx, ctx, principal, events);
    return { changeRequest: await changeRequestDocument(tx, changeRequest), created: events[0]?.type === 'change-request-created' };
  });
}

/** The caller's Draft for the project environment, or a new one (with its creation event). */
async function openDraft(
  tx: WriteTx,
  ctx: AdminContext,
  author: ChangeRequestRecord['createdBy'],
  projectId: string,
  environment: string,
): Promise<{ changeRequest: ChangeRequestRecord; events: EventInput[] }> {
  const open = (await tx.list('changeRequests', { project: projectId })).find(
    (cr) => cr.environment === environment && cr.state === 'Draft' && cr.discardedAt === undefined && cr.createdBy.id === author.id,
  );
  if (open) return { changeRequest: open, events: [] };
  const id = await tx.nextSequence('changeRequest');
  const changeRequest: ChangeRequestRecord = {
    id,
    title: `Change request #${id}`,
    environment,
    minApprovals: (await changeRequestConfig(tx, projectId, environment)).requiredApprovals,
    project: projectId,
    features: [],
    segments: [],
    approvals: [],
    rejections: [],
    comments: [],
    createdBy: author,
    createdAt: ctx.now().toISOString(),
    state: 'Draft',
  };
  // `id` and `environment` as this event always carried them (the UI lists requests from it).
  return { changeRequest, events: [requestEvent(changeRequest, 'change-request-created', { id, environment })] };
}
