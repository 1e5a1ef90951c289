import { requireAdminKey, type Principal } from '../base/auth';
import { rootRoleDocument, type RoleDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';

export interface ProfileDocument {
  rootRole: RoleDocument;
  /** The projects the principal may act in: its scope, or every project for `["*"]`. */
  projects: string[];
  groups: [];
  features: [];
  subscriptions: [];
  /** A person with a password of their own here (not single sign-on only); a key: false. */
  canChangePassword: boolean;
}

/**
 * `GET /api/admin/user/profile` (Unleash's `getProfile`, profileSchema): the caller's root role and the
 * projects they may act in; no groups or email subscriptions (flagadmin has neither). Any admin principal.
 */
export async function getProfile(ctx: AdminContext, principal: Principal): Promise<ProfileDocument> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const stored = principal.user ? await tx.get('users', String(principal.id)) : undefined;
    const projects = principal.projects.includes('*') ? (await tx.list('projects')).map((p) => p.id).sort() : [...principal.projects];
    return {
      rootRole: rootRoleDocument(principal.role ?? 'viewer'),
      projects,
      groups: [],
      features: [],
      subscriptions: [],
      canChangePassword: stored !== undefined && stored.passwordHash !== null,
    };
  });
}
