// The change-request calls of the page (which moves a key may make: change-request-moves.ts).
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
export async function moveChangeRequest(
  cr: ChangeRequest,
  state: ChangeRequestMove,
  extra: { scheduledAt?: string; force?: true } = {},
): Promise<ChangeRequest> {
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
export async function addChange(
  projectId: string,
  environment: string,
  change: { feature: string; action: string; payload: unknown },
): Promise<ChangeRequest> {
  return (
    await api<ChangeRequest>(`${projectPath(projectId)}/environments/${seg(environment)}/change-requests`, { method: 'POST', body: change })
  ).data;
}

/** The signed-in key: who it is, its role and scope. */
export async function getCurrentKey(): Promise<CurrentKey> {
  return (await api<CurrentKey>('/api/admin/user')).data;
}

/** A direct change refused because its environment takes changes through change requests. */
export const needsChangeRequest = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.permissions.includes('SKIP_CHANGE_REQUEST');
