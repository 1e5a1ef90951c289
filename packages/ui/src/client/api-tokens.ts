// The API token calls of the page: the instance's tokens (ADMIN) and a project's (editor or admin in scope).
import { api, seg } from './api';
import type { CurrentKey } from './types';

/** The key types the API accepts (core's KEY_TYPES; a test ties the two). */
export const KEY_TYPES = ['admin', 'client', 'backend', 'frontend'] as const;
/** A project's tokens are never admin keys. */
export const PROJECT_KEY_TYPES = KEY_TYPES.filter((t) => t !== 'admin');
export const ADMIN_KEY_ROLES = ['admin', 'editor', 'viewer'] as const;

/** An API token as listed: never its secret. */
export interface ApiToken {
  id: number;
  tokenName: string;
  type: string;
  role: string | null;
  projects: string[];
  environment: string;
  createdAt: string;
  expiresAt: string | null;
}

export interface NewApiToken {
  tokenName: string;
  type: string;
  role?: string;
  projects?: string[];
  environment?: string;
  expiresAt?: string;
}

/** Where the tokens live: the instance's list, or one project's. */
const base = (projectId?: string) => (projectId ? `/api/admin/projects/${seg(projectId)}/api-tokens` : '/api/admin/api-tokens');

export async function listApiTokens(projectId?: string): Promise<ApiToken[]> {
  return (await api<{ tokens: ApiToken[] }>(base(projectId))).data.tokens;
}

/** The answer carries the secret: the only time the API ever gives it. */
export async function createApiToken(token: NewApiToken, projectId?: string): Promise<ApiToken & { secret: string }> {
  return (await api<ApiToken & { secret: string }>(base(projectId), { method: 'POST', body: token })).data;
}

/** 200 without a body (ADMIN): the list is read again afterwards. Tokens are named by id, never by secret. */
export async function updateApiTokenExpiry(id: number, expiresAt: string): Promise<void> {
  await api(`/api/admin/api-tokens/${id}`, { method: 'PUT', body: { expiresAt } });
}

export async function revokeApiToken(id: number, projectId?: string): Promise<void> {
  await api(`${base(projectId)}/${id}`, { method: 'DELETE' });
}

/** Instance tokens are ADMIN's only. */
export const mayManageTokens = (me: CurrentKey | null): boolean => me?.role === 'admin';

/** A project's tokens: editor or admin keys with the project in scope (Unleash's *_PROJECT_API_TOKEN). */
export const mayManageProjectTokens = (me: CurrentKey | null, projectId: string): boolean =>
  !!me && (me.role === 'admin' || me.role === 'editor') && (me.projects.includes('*') || me.projects.includes(projectId));

/** A `datetime-local` value (the browser's time zone) as an ISO instant; '' stays ''. */
export const localToIso = (value: string): string => {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
};
