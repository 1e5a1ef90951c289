import { requireAdminKey, type Principal } from '../base/auth';
import { avatarUrl } from '../base/avatar';
import type { AdminContext } from '../runtime/context';
import type { AdminRole } from '../base/records';
import { userDocument, type UserDocument } from '../documents/user-document';

export interface CurrentKeyDocument {
  /** As change requests name their author and reviewers (`createdBy`): the key's id and name; a person's user. */
  user: { id: number; username: string; imageUrl: string; isAPI: true } | UserDocument;
  role: AdminRole | null;
  /** `["*"]` or project ids. */
  projects: string[];
  /** `["*"]` or environment names. */
  environments: string[];
  /** As Unleash's meSchema (and its answer to a token): the permissions of the role, each with its project when scoped. */
  permissions: { permission: string; project?: string }[];
  feedback: [];
  splash: Record<string, boolean>;
}

/** The permissions a role holds here, as Unleash names them. */
const ROLE_PERMISSIONS: Record<AdminRole, readonly string[]> = {
  admin: ['ADMIN'],
  editor: [
    'UPDATE_FEATURE',
    'UPDATE_FEATURE_ENVIRONMENT',
    'READ_PROJECT_API_TOKEN',
    'CREATE_PROJECT_API_TOKEN',
    'DELETE_PROJECT_API_TOKEN',
    'CREATE_TAG_TYPE',
    'UPDATE_TAG_TYPE',
    'DELETE_TAG_TYPE',
  ],
  viewer: [],
};

/**
 * `GET /api/admin/user`: the signed-in person (Unleash's meSchema: `user`, `permissions`, `feedback`,
 * `splash`) or the calling admin key (the same, its user being the key: never its secret), each with its `role` and scope, so a client can
 * tell which of its own requests it authored and what its role and scope allow. A person a host maps to a
 * principal itself (no record here) is answered as a key is.
 */
export async function getCurrentKey(ctx: AdminContext, principal: Principal): Promise<CurrentKeyDocument> {
  requireAdminKey(principal);
  const scope = { role: principal.role, projects: [...principal.projects], environments: [...principal.environments] };
  const names = ROLE_PERMISSIONS[principal.role ?? 'viewer'];
  const permissions = principal.projects.includes('*')
    ? names.map((permission) => ({ permission }))
    : names.flatMap((permission) => principal.projects.map((project) => ({ permission, project })));
  const rest = { permissions, feedback: [] as [], splash: {}, ...scope };
  const stored = principal.user ? await ctx.read((tx) => tx.get('users', String(principal.id))) : undefined;
  if (stored) return { user: await userDocument(stored), ...rest };
  return { user: { id: principal.id, username: principal.name, imageUrl: await avatarUrl(principal.name), isAPI: true }, ...rest };
}
