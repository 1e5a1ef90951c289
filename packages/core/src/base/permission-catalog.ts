/**
 * The permissions flagadmin enforces, as Unleash names them, each with the check that decides it (the same
 * functions the operations call): what a person's access overview lists. Ids are flagadmin's own.
 */
import {
  requireAdmin,
  requireProjectApiTokens,
  requireTagAdmin,
  requireUpdateFeature,
  requireUpdateFeatureEnvironment,
  requireUpdateProject,
  type Permission,
  type Principal,
} from './auth';

export interface CatalogPermission {
  id: number;
  name: Permission;
  displayName: string;
  type: 'root' | 'project' | 'environment';
  /** Throws (403) when the principal lacks it, in the project and environment named. */
  check(p: Principal, project: string, environment: string): void;
}

export const PERMISSION_CATALOG: readonly CatalogPermission[] = [
  { id: 1, name: 'ADMIN', displayName: 'Admin', type: 'root', check: (p) => requireAdmin(p) },
  { id: 2, name: 'CREATE_TAG_TYPE', displayName: 'Create tag types', type: 'root', check: (p) => requireTagAdmin(p, 'CREATE_TAG_TYPE') },
  { id: 3, name: 'UPDATE_TAG_TYPE', displayName: 'Update tag types', type: 'root', check: (p) => requireTagAdmin(p, 'UPDATE_TAG_TYPE') },
  { id: 4, name: 'DELETE_TAG_TYPE', displayName: 'Delete tag types', type: 'root', check: (p) => requireTagAdmin(p, 'DELETE_TAG_TYPE') },
  {
    id: 5,
    name: 'UPDATE_PROJECT',
    displayName: 'Update the project',
    type: 'project',
    check: (p, project) => requireUpdateProject(p, project),
  },
  {
    id: 6,
    name: 'UPDATE_FEATURE',
    displayName: 'Create, update and archive feature flags',
    type: 'project',
    check: (p, project) => requireUpdateFeature(p, project),
  },
  {
    id: 7,
    name: 'READ_PROJECT_API_TOKEN',
    displayName: 'Read API tokens of the project',
    type: 'project',
    check: (p, project) => requireProjectApiTokens(p, project, 'READ_PROJECT_API_TOKEN'),
  },
  {
    id: 8,
    name: 'CREATE_PROJECT_API_TOKEN',
    displayName: 'Create API tokens of the project',
    type: 'project',
    check: (p, project) => requireProjectApiTokens(p, project, 'CREATE_PROJECT_API_TOKEN'),
  },
  {
    id: 9,
    name: 'DELETE_PROJECT_API_TOKEN',
    displayName: 'Delete API tokens of the project',
    type: 'project',
    check: (p, project) => requireProjectApiTokens(p, project, 'DELETE_PROJECT_API_TOKEN'),
  },
  {
    id: 10,
    name: 'UPDATE_FEATURE_ENVIRONMENT',
    displayName: 'Change feature flags in the environment',
    type: 'environment',
    check: (p, project, environment) => requireUpdateFeatureEnvironment(p, project, environment),
  },
];

/** Whether the principal holds the permission there (its check passes). */
export function holds(permission: CatalogPermission, p: Principal, project: string, environment: string): boolean {
  try {
    permission.check(p, project, environment);
    return true;
  } catch {
    return false;
  }
}
