/**
 * Who may change strategy definitions (Unleash's CREATE_, UPDATE_ and DELETE_STRATEGY, which its Editor
 * root role holds): an editor or admin key over every project, as a definition serves every project.
 * Reading them takes any admin key.
 */
import { requireAdminKey, seesAllProjects, type Principal } from '../base/auth';
import { permissionDenied } from '../base/errors';

export type StrategyPermission = 'CREATE_STRATEGY' | 'UPDATE_STRATEGY' | 'DELETE_STRATEGY';

export function requireStrategyWrite(principal: Principal, permission: StrategyPermission): void {
  requireAdminKey(principal);
  if ((principal.role === 'admin' || principal.role === 'editor') && seesAllProjects(principal)) return;
  throw permissionDenied(`You need the permission ${permission} (a key over every project) to do this.`, { permission });
}
