import { requireAdmin, type Principal } from '../base/auth';
import { holds, PERMISSION_CATALOG, type CatalogPermission } from '../base/permission-catalog';
import { rootRoleDocument, userDocument, type RoleDocument, type UserDocument } from '../documents/user-document';
import type { AdminContext } from '../runtime/context';
import { getUserRecord, userIdOf, userPrincipal } from '../runtime/people';

type Granted = Omit<CatalogPermission, 'check'> & { environment?: string; hasPermission: boolean };

export interface UserAccessOverview {
  overview: { root: Granted[]; project: Granted[]; environment: Granted[]; groups: [] };
  user: UserDocument;
  rootRole: RoleDocument;
  projectRoles: [];
}

/**
 * `GET /api/admin/user-admin/:id/permissions?project=&environment=` (Unleash's `getUserPermissions`): every
 * permission flagadmin enforces, and whether the person holds it, decided by the same checks their
 * requests meet: root ones, project ones in `project` (default `default`), environment ones in
 * `environment` (none listed without it or for an unknown one, as Unleash). No project roles or groups (flagadmin has a root
 * role and a scope). ADMIN; unknown person 404.
 */
export async function getUserPermissions(
  ctx: AdminContext,
  principal: Principal,
  input: { id: string; project?: string | null; environment?: string | null },
): Promise<UserAccessOverview> {
  requireAdmin(principal);
  const named = input.environment || undefined;
  const { user, known } = await ctx.read(async (tx) => ({
    user: await getUserRecord(tx, userIdOf(input.id)),
    known: named !== undefined && (await tx.get('environments', named)) !== undefined,
  }));
  const person = userPrincipal(user);
  const project = input.project || 'default';
  const environment = known ? named : undefined;
  const granted = (type: CatalogPermission['type']): Granted[] =>
    PERMISSION_CATALOG.filter((p) => p.type === type).map((p) => ({
      id: p.id,
      name: p.name,
      displayName: p.displayName,
      type: p.type,
      ...(type === 'environment' ? { environment: environment! } : {}),
      hasPermission: holds(p, person, project, environment ?? ''),
    }));
  return {
    overview: { root: granted('root'), project: granted('project'), environment: environment ? granted('environment') : [], groups: [] },
    user: await userDocument(user),
    rootRole: rootRoleDocument(user.role),
    projectRoles: [],
  };
}
