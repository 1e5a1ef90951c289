/**
 * Who may change context fields (Unleash's CREATE_, UPDATE_ and DELETE_CONTEXT_FIELD, which its Editor
 * role holds): an editor or admin key; an instance field needs a key over every project, a project's
 * field a key with that project in scope (Unleash's UPDATE_PROJECT_CONTEXT). Reads follow project scope.
 */
import { canSeeProject, requireAdminKey, seesAllProjects, type Principal } from '../base/auth';
import { permissionDenied } from '../base/errors';

export type ContextFieldPermission = 'CREATE_CONTEXT_FIELD' | 'UPDATE_CONTEXT_FIELD' | 'DELETE_CONTEXT_FIELD';

export function requireContextFieldWrite(principal: Principal, project: string | null, permission: ContextFieldPermission): void {
  requireAdminKey(principal);
  const roleOk = principal.role === 'admin' || principal.role === 'editor';
  const scopeOk = project === null ? seesAllProjects(principal) : canSeeProject(principal, project);
  if (roleOk && scopeOk) return;
  const where = project === null ? 'for context fields of every project' : `in project "${project}"`;
  throw permissionDenied(`You need the permission ${permission} ${where} to do this.`, {
    permission,
    ...(project === null ? {} : { project }),
  });
}
