// The change-request calls of the page, and which moves each state allows (the API's state machine).
import { api, ApiError, seg } from './api';
import type { ChangeRequest, ChangeRequestMove } from './types';

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
export async function moveChangeRequest(cr: ChangeRequest, state: ChangeRequestMove, extra: { scheduledAt?: string } = {}): Promise<ChangeRequest> {
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

/**
 * What each state allows, as the API's transitions say (Applied, Cancelled and Rejected are closed).
 * Who may make each move is the API's to say: a key that may not gets a 403 naming the permission.
 */
const ACTIONS_BY_STATE: Readonly<Record<string, readonly ChangeRequestAction[]>> = {
  Draft: ['In review', 'Discard'],
  'In review': ['Approved', 'Rejected', 'Cancelled'],
  Approved: ['Applied', 'Scheduled', 'Rejected', 'Cancelled'],
  Scheduled: ['Applied', 'Scheduled', 'Rejected', 'Cancelled'],
};

export const actionsOf = (state: string): readonly ChangeRequestAction[] => (Object.hasOwn(ACTIONS_BY_STATE, state) ? ACTIONS_BY_STATE[state]! : []);

/** Applied, Cancelled and Rejected: nothing moves it, edits it or comments on it any more. */
export const isClosed = (state: string): boolean => actionsOf(state).length === 0;

/** A direct change refused because its environment takes changes through change requests. */
export const needsChangeRequest = (error: unknown): boolean => error instanceof ApiError && error.status === 403 && error.permissions.includes('SKIP_CHANGE_REQUEST');
