// The change-request calls of the page, and which moves each state allows (the API's state machine).
import { api, ApiError, seg } from './api';
import type { ChangeRequest, ChangeRequestMove, CurrentKey } from './types';

const projectPath = (projectId: string) => `/api/admin/projects/${seg(projectId)}`;
const requestPath = (projectId: string, id: number | string) => `${projectPath(projectId)}/change-requests/${seg(String(id))}`;

/** The project's change requests the key may see, newest first. */
export async function listChangeRequests(projectId: string): Promise<ChangeRequest[]> {
  return (await api<ChangeRequest[]>(`${projectPath(projectId)}/change-requests`)).data;
}

export async function getChangeRequest(projectId: string, id: string): Promise<ChangeRequest> {
  return (await api<ChangeRequest>(requestPath(projectId, id))).data;
}

/** `PUT …/state`: the request as it is after the move (a 403 names the permission, a 409 the state). */
export async function moveChangeRequest(cr: ChangeRequest, state: ChangeRequestMove, extra: { scheduledAt?: string; force?: true } = {}): Promise<ChangeRequest> {
  return (await api<ChangeRequest>(`${requestPath(cr.project, cr.id)}/state`, { method: 'PUT', body: { state, ...extra } })).data;
}

/** Discards a Draft (its author): the request is gone afterwards. */
export async function discardDraft(cr: ChangeRequest): Promise<void> {
  await api<unknown>(requestPath(cr.project, cr.id), { method: 'DELETE' });
}

export async function addComment(cr: ChangeRequest, text: string): Promise<ChangeRequest> {
  return (await api<ChangeRequest>(`${requestPath(cr.project, cr.id)}/comments`, { method: 'POST', body: { text } })).data;
}

/** Adds one change to the caller's open request for that environment (a Draft is made when there is none). */
export async function addChange(projectId: string, environment: string, change: { feature: string; action: string; payload: unknown }): Promise<ChangeRequest> {
  return (await api<ChangeRequest>(`${projectPath(projectId)}/environments/${seg(environment)}/change-requests`, { method: 'POST', body: change })).data;
}

/** A button the request's screen may show: a move through `PUT …/state`, or discarding the Draft. */
export type ChangeRequestAction = ChangeRequestMove | 'Discard';

/** What each state allows, as the API's transitions say (Applied, Cancelled and Rejected are closed). */
const ACTIONS_BY_STATE: Readonly<Record<string, readonly ChangeRequestAction[]>> = {
  Draft: ['In review', 'Discard'],
  'In review': ['Approved', 'Rejected', 'Cancelled'],
  Approved: ['Applied', 'Scheduled', 'Rejected', 'Cancelled'],
  Scheduled: ['Applied', 'Scheduled', 'Rejected', 'Cancelled'],
};

export const actionsOf = (state: string): readonly ChangeRequestAction[] => (Object.hasOwn(ACTIONS_BY_STATE, state) ? ACTIONS_BY_STATE[state]! : []);

/** The signed-in key: who it is, its role and scope. */
export async function getCurrentKey(): Promise<CurrentKey> {
  return (await api<CurrentKey>('/api/admin/user')).data;
}

const reaches = (scope: readonly string[], name: string) => scope.includes('*') || scope.includes(name);

/** An editor or admin key with the request's project and environment in scope (viewers never act). */
const actsOn = (me: CurrentKey, cr: ChangeRequest) =>
  (me.role === 'admin' || me.role === 'editor') && reaches(me.projects, cr.project) && reaches(me.environments, cr.environment);

/**
 * The moves its state allows that this key may make, as the API decides them: the author sends to
 * review and discards; reviewers (not the author, unless an admin key; one approval each) approve and
 * reject; any key that acts on it applies and schedules; the author or an admin key cancels. Without
 * the key (`null`: the API could not say) every move the state allows, and the API refuses with a 403.
 */
export function actionsFor(cr: ChangeRequest, me: CurrentKey | null): ChangeRequestAction[] {
  const byState = actionsOf(cr.state);
  if (!me) return [...byState];
  const author = cr.createdBy.id === me.user.id;
  const admin = me.role === 'admin';
  const acts = actsOn(me, cr);
  const reviewer = acts && (!author || admin);
  const approvedAlready = (cr.approvals ?? []).some((a) => a.createdBy.id === me.user.id);
  const allowed: Record<ChangeRequestAction, boolean> = {
    'In review': acts && author,
    Discard: acts && author,
    Approved: reviewer && !approvedAlready,
    Rejected: reviewer,
    Applied: acts,
    Scheduled: acts,
    Cancelled: acts && (author || admin),
  };
  return byState.filter((action) => allowed[action]);
}

/** Comments: any key with the request's project and environment in scope, viewers too. */
export const mayComment = (cr: ChangeRequest, me: CurrentKey | null): boolean =>
  !isClosed(cr.state) && (!me || (reaches(me.projects, cr.project) && reaches(me.environments, cr.environment)));

/** Whether GET shows a conflict on any of its features or changes (apply then needs `force`). */
export const hasConflicts = (cr: ChangeRequest): boolean =>
  cr.features.some((f) => f.conflict !== undefined || f.changes.some((c) => c.conflict !== undefined)) || cr.segments.some((c) => c.conflict !== undefined);

/** Applied, Cancelled and Rejected: nothing moves it, edits it or comments on it any more. */
export const isClosed = (state: string): boolean => actionsOf(state).length === 0;

/** A direct change refused because its environment takes changes through change requests. */
export const needsChangeRequest = (error: unknown): boolean => error instanceof ApiError && error.status === 403 && error.permissions.includes('SKIP_CHANGE_REQUEST');
