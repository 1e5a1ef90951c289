import { AdminError, permissionDenied } from './errors';
import type { AdminRole, ApiKeyRecord, KeyType } from './records';

/** The authenticated caller of an operation: an API key without its secret. */
export interface Principal {
  /** The key id; 0 for the built-in system principal. */
  id: number;
  name: string;
  type: KeyType;
  role: AdminRole | null;
  /** `["*"]` or project ids. */
  projects: readonly string[];
  /** `["*"]` or environment names. */
  environments: readonly string[];
  /**
   * A person (signed in, or through a personal access token), not a key: `id` is then the person's id
   * (from the keys' counter, so ids never clash) and `name` their email or username.
   */
  user?: true;
}

/** Acts with every permission; for setting up data from code (demo data, migrations, tests). */
export const SYSTEM_PRINCIPAL: Principal = Object.freeze({
  id: 0,
  name: 'system',
  type: 'admin',
  role: 'admin',
  projects: Object.freeze(['*']),
  environments: Object.freeze(['*']),
});

export type Permission =
  | 'ADMIN'
  | 'UPDATE_FEATURE'
  | 'UPDATE_FEATURE_ENVIRONMENT'
  | 'UPDATE_PROJECT'
  | 'READ_PROJECT_API_TOKEN'
  | 'CREATE_PROJECT_API_TOKEN'
  | 'DELETE_PROJECT_API_TOKEN'
  | 'CREATE_TAG_TYPE'
  | 'UPDATE_TAG_TYPE'
  | 'DELETE_TAG_TYPE';

/** Client keys read the client API: `client` (Unleash's deprecated name) and `backend` (its current one). */
export const isClientKeyType = (type: KeyType): boolean => type === 'client' || type === 'backend';

/** A key authenticates until it is deleted or its `expiresAt` has come (`now` in ms). */
export const isLiveKey = (key: Pick<ApiKeyRecord, 'deletedAt' | 'expiresAt'>, now: number): boolean =>
  key.deletedAt === undefined && (key.expiresAt === undefined || Date.parse(key.expiresAt) > now);

export function principalOf(key: ApiKeyRecord): Principal {
  return { id: key.id, name: key.name, type: key.type, role: key.role, projects: key.projects, environments: key.environments };
}

export const seesAllProjects = (p: Principal): boolean => p.projects.includes('*');
export const canSeeProject = (p: Principal, project: string): boolean => seesAllProjects(p) || p.projects.includes(project);
export const canSeeEnvironment = (p: Principal, environment: string): boolean =>
  p.environments.includes('*') || p.environments.includes(environment);

/** Admin endpoints take admin keys only. */
export function requireAdminKey(p: Principal): void {
  if (p.type !== 'admin') throw new AdminError('NoAccessError', 'invalid token type for this endpoint');
}

/** SDK endpoints take client keys only. */
export function requireClientKey(p: Principal): void {
  if (!isClientKeyType(p.type)) throw new AdminError('NoAccessError', 'invalid token type for this endpoint');
}

/** Frontend API endpoints take frontend keys, and admin keys (as Unleash). */
export function requireFrontendKey(p: Principal): void {
  if (p.type !== 'frontend' && p.type !== 'admin') throw new AdminError('NoAccessError', 'invalid token type for this endpoint');
}

const denied = (permission: Permission, project?: string, environment?: string): AdminError => {
  const where = environment ? ` in environment "${environment}"` : '';
  return permissionDenied(`You need the permission ${permission}${where} to do this.`, {
    permission,
    ...(project ? { project } : {}),
    ...(environment ? { environment } : {}),
  });
};

/** ADMIN: an admin-role key over every project. */
export function requireAdmin(p: Principal): void {
  requireAdminKey(p);
  if (p.role !== 'admin' || !seesAllProjects(p)) throw denied('ADMIN');
}

/** UPDATE_PROJECT (a project's environments and their default strategies): an admin-role key with the project in scope. */
export function requireUpdateProject(p: Principal, project: string): void {
  requireAdminKey(p);
  if (p.role !== 'admin' || !canSeeProject(p, project)) throw denied('UPDATE_PROJECT', project);
}

/** UPDATE_FEATURE on a project: editor or admin role with the project in scope. */
export function requireUpdateFeature(p: Principal, project: string): void {
  requireAdminKey(p);
  if ((p.role !== 'admin' && p.role !== 'editor') || !canSeeProject(p, project)) throw denied('UPDATE_FEATURE', project);
}

/**
 * A project's API tokens (Unleash's READ_, CREATE_ and DELETE_PROJECT_API_TOKEN, which its Editor role
 * holds): an editor or admin key with the project in scope.
 */
export function requireProjectApiTokens(
  p: Principal,
  project: string,
  permission: 'READ_PROJECT_API_TOKEN' | 'CREATE_PROJECT_API_TOKEN' | 'DELETE_PROJECT_API_TOKEN',
): void {
  requireAdminKey(p);
  if ((p.role !== 'admin' && p.role !== 'editor') || !canSeeProject(p, project)) throw denied(permission, project);
}

/**
 * Instance-wide tags and tag types (Unleash's CREATE_, UPDATE_ and DELETE_TAG_TYPE, which its Editor role
 * holds; creating and deleting a tag of the list): an editor or admin key over every project.
 */
export function requireTagAdmin(
  p: Principal,
  permission: 'CREATE_TAG_TYPE' | 'UPDATE_TAG_TYPE' | 'DELETE_TAG_TYPE' | 'UPDATE_FEATURE',
): void {
  requireAdminKey(p);
  if ((p.role !== 'admin' && p.role !== 'editor') || !seesAllProjects(p)) throw denied(permission);
}

/** UPDATE_FEATURE_ENVIRONMENT: UPDATE_FEATURE plus the environment in the key's scope. */
export function requireUpdateFeatureEnvironment(p: Principal, project: string, environment: string): void {
  requireUpdateFeature(p, project);
  if (!canSeeEnvironment(p, environment)) throw denied('UPDATE_FEATURE_ENVIRONMENT', project, environment);
}

/**
 * `<project>:<environment>.<secret part>` as Unleash writes secrets: the part after the first dot is
 * Unleash's 56 hex characters, our 64, or any run of URL-safe characters (Unleash's own compose file
 * starts with `default:development.unleash-insecure-api-token`).
 */
const SECRET_PATTERN = /^(\*|\[\]|[A-Za-z0-9._~-]{1,100}):(\*|[A-Za-z0-9_~-]{1,100})\.([A-Za-z0-9._~-]{1,200})$/;

/** Splits an Unleash-shaped secret into its scope and the part after the dot; undefined when malformed. */
export function parseSecret(secret: string): { project: string; environment: string; secretPart: string } | undefined {
  const m = SECRET_PATTERN.exec(secret);
  return m ? { project: m[1]!, environment: m[2]!, secretPart: m[3]! } : undefined;
}

export function generateSecret(projects: readonly string[], environment: string): string {
  const projectPart = projects.includes('*') ? '*' : projects.length === 1 ? projects[0]! : '[]';
  return `${projectPart}:${environment}.${randomHex(32)}`;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/** Keys are stored and looked up by the SHA-256 of their secret. */
export const hashSecret = sha256Hex;

/** Compares two strings without an early exit, so the time taken reveals nothing of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

/** The secret carried by an `Authorization` header value: `<secret>` or `Bearer <secret>`. */
export function secretFromHeader(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const bearer = /^bearer\s+(.+)$/i.exec(value);
  const secret = bearer ? bearer[1]!.trim() : value;
  return secret.length > 0 && secret.length <= 300 && !/\s/.test(secret) ? secret : undefined;
}

/** `count` random bytes as lowercase hex (twice as many characters): secrets, tokens and session ids. */
export const randomHex = (count: number): string => toHex(crypto.getRandomValues(new Uint8Array(count)));

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}
