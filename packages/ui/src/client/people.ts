// The page's calls for people: signing in with a password (the session then lives in an HttpOnly cookie
// the page never sees), single sign-on options, signing out, users (admin), and one's own tokens.
import { api, apiPath, seg } from './api';

/** A person as the API answers (Unleash's userSchema): never a password or a hash. */
export interface User {
  id: number;
  name: string | null;
  email?: string;
  username: string | null;
  rootRole: number;
  createdAt: string;
  seenAt: string | null;
}

export interface RootRole {
  id: number;
  name: string;
  description: string;
}

/** A personal access token as listed: never its secret. */
export interface PersonalToken {
  id: number;
  description: string;
  expiresAt?: string | null;
  createdAt: string;
}

/** A way to sign in besides the password form (Unleash's `{type, message, path}`). */
export interface SignInOption {
  type: string;
  message: string;
  path: string;
}

/** What the person signing in calls themselves: a username or an email. */
export async function signInWithPassword(username: string, password: string): Promise<void> {
  await api('/auth/simple/login', { method: 'POST', body: { username, password }, anonymous: true });
}

/** The single sign-on options the server offers; none when it has no such route (a host without the bin). */
export async function signInOptions(): Promise<SignInOption[]> {
  try {
    const { data } = await api<{ options?: SignInOption[] }>('/auth/providers', { anonymous: true });
    return Array.isArray(data.options) ? data.options.filter((o) => typeof o.path === 'string' && o.path.startsWith('/')) : [];
  } catch {
    return [];
  }
}

/** True when the browser holds a live session cookie (the API answers who it belongs to). */
export async function hasSession(): Promise<boolean> {
  try {
    await api('/api/admin/user', { anonymous: true });
    return true;
  } catch {
    return false;
  }
}

/** Ends the session (the server clears the cookie); its answer is a redirect the page does not follow. */
export async function endSession(): Promise<void> {
  await fetch(apiPath('/logout'), { method: 'POST', credentials: 'same-origin', redirect: 'manual', cache: 'no-store' }).catch(
    () => undefined,
  );
}

const USERS = '/api/admin/user-admin';

export async function listUsers(): Promise<{ users: User[]; rootRoles: RootRole[] }> {
  return (await api<{ users: User[]; rootRoles: RootRole[] }>(USERS)).data;
}

export interface NewUser {
  username?: string;
  email?: string;
  name?: string;
  password?: string;
  rootRole: number;
}

export async function createUser(user: NewUser): Promise<User> {
  return (await api<User>(USERS, { method: 'POST', body: user })).data;
}

export async function updateUserRole(id: number, rootRole: number): Promise<void> {
  await api(`${USERS}/${seg(String(id))}`, { method: 'PUT', body: { rootRole } });
}

export async function deleteUser(id: number): Promise<void> {
  await api(`${USERS}/${seg(String(id))}`, { method: 'DELETE' });
}

export async function setUserPassword(id: number, password: string): Promise<void> {
  await api(`${USERS}/${seg(String(id))}/change-password`, { method: 'POST', body: { password } });
}

const TOKENS = '/api/admin/user/tokens';

export async function listPersonalTokens(): Promise<PersonalToken[]> {
  return (await api<{ pats: PersonalToken[] }>(TOKENS)).data.pats;
}

/** The answer carries the secret: the only time the API gives it. */
export async function createPersonalToken(description: string, expiresAt: string): Promise<PersonalToken & { secret: string }> {
  const body = expiresAt ? { description, expiresAt } : { description };
  return (await api<PersonalToken & { secret: string }>(TOKENS, { method: 'POST', body })).data;
}

export async function deletePersonalToken(id: number): Promise<void> {
  await api(`${TOKENS}/${seg(String(id))}`, { method: 'DELETE' });
}

/** A person's label: their name, else email, else username. */
export const userLabel = (u: Pick<User, 'name' | 'email' | 'username' | 'id'>): string => u.name || u.email || u.username || `user ${u.id}`;

/** `GET /api/admin/user`: the signed-in person, or the calling key (`isAPI`), with the role and scope. */
export interface Me {
  user: { id: number; username: string | null; name?: string | null; email?: string; isAPI?: true };
  role: string | null;
  projects: string[];
  environments: string[];
}

export async function getMe(): Promise<Me> {
  return (await api<Me>('/api/admin/user')).data;
}

/** Unleash's `changeMyPassword`: the current password, the new one and its confirmation. */
export async function changeMyPassword(oldPassword: string, password: string, confirmPassword: string): Promise<void> {
  await api('/api/admin/user/change-password', { method: 'POST', body: { oldPassword, password, confirmPassword } });
}

/** Unleash's `getProfile`: the root role and the projects one may act in, and whether one has a password here. */
export interface Profile {
  rootRole: { id: number; name: string; description?: string };
  projects: string[];
  canChangePassword: boolean;
}

export async function getProfile(): Promise<Profile> {
  return (await api<Profile>('/api/admin/user/profile')).data;
}

/** Unleash's `getAdminCount`: people with the Admin role, with a password and without (single sign-on only). */
export async function getAdminCount(): Promise<{ password: number; noPassword: number }> {
  return (await api<{ password: number; noPassword: number }>(`${USERS}/admin-count`)).data;
}

/** A one-time link (24 hours) for a person to set a new password, named by their email or username. */
export async function makeResetLink(login: string): Promise<string> {
  return (await api<{ resetPasswordUrl: string }>(`${USERS}/reset-password`, { method: 'POST', body: { id: login } })).data
    .resetPasswordUrl;
}

/** Whom a reset link is for (while it works). */
export interface TokenUser {
  email: string;
  name?: string;
}

export async function checkResetToken(token: string): Promise<TokenUser> {
  return (await api<TokenUser>(`/auth/reset/validate?token=${seg(token)}`, { anonymous: true })).data;
}

export async function setPasswordWithToken(token: string, password: string): Promise<void> {
  await api('/auth/reset/password', { method: 'POST', body: { token, password }, anonymous: true });
}

/** One permission of a person's access overview (Unleash's `getUserPermissions`). */
export interface GrantedPermission {
  name: string;
  displayName: string;
  type: string;
  hasPermission: boolean;
}

export interface AccessOverview {
  overview: { root: GrantedPermission[]; project: GrantedPermission[]; environment: GrantedPermission[] };
  user: User;
  rootRole: { name: string };
}

export async function getUserPermissions(id: string, project: string, environment: string): Promise<AccessOverview> {
  const query = new URLSearchParams({ project, ...(environment ? { environment } : {}) });
  return (await api<AccessOverview>(`${USERS}/${seg(id)}/permissions?${query}`)).data;
}
