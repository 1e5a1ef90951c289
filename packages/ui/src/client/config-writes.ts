// The flag configuration writes of the flag screen: strategies and variants of one environment
// (guarded by If-Match with the ETag of the flag on screen), and dependencies on a parent flag.
import { api, seg, type ApiResult } from './api';
import type { Constraint, Dependency, Feature, Strategy, Variant } from './types';

export interface EnvironmentRef {
  projectId: string;
  featureName: string;
  environment: string;
}

const featurePath = (projectId: string, featureName: string) => `/api/admin/projects/${seg(projectId)}/features/${seg(featureName)}`;
const environmentPath = (ref: EnvironmentRef) => `${featurePath(ref.projectId, ref.featureName)}/environments/${seg(ref.environment)}`;

/** What the strategy form sends: the API fills in the rest (its id, sort order, defaults). */
export interface StrategyBody {
  name: string;
  title?: string;
  disabled: boolean;
  parameters: Record<string, string>;
  constraints: Constraint[];
  segments: number[];
  variants?: Variant[];
}

/** Adds a strategy (no id) or replaces one (with its id); answers 412 if the flag changed since `ifMatch`. */
export async function saveStrategy(ref: EnvironmentRef, id: string | undefined, body: StrategyBody, ifMatch: string | null): Promise<null> {
  const base = `${environmentPath(ref)}/strategies`;
  await api<Strategy>(id ? `${base}/${seg(id)}` : base, { method: id ? 'PUT' : 'POST', body, ifMatch });
  return null;
}

export async function deleteStrategy(ref: EnvironmentRef, id: string, ifMatch: string | null): Promise<null> {
  await api<null>(`${environmentPath(ref)}/strategies/${seg(id)}`, { method: 'DELETE', ifMatch });
  return null;
}

/** Puts the strategies in the order given (by id). */
export async function orderStrategies(ref: EnvironmentRef, ids: string[], ifMatch: string | null): Promise<null> {
  await api<null>(`${environmentPath(ref)}/strategies/set-sort-order`, {
    method: 'POST',
    body: ids.map((id, sortOrder) => ({ id, sortOrder })),
    ifMatch,
  });
  return null;
}

/** Replaces the environment's whole variant set (the API computes the variable weights and sorts them). */
export async function putVariants(ref: EnvironmentRef, variants: Variant[], ifMatch: string | null): Promise<null> {
  await api<{ variants: Variant[] }>(`${environmentPath(ref)}/variants`, { method: 'PUT', body: variants, ifMatch });
  return null;
}

/**
 * Adds (or replaces the conditions of) a dependency on a parent flag. The API takes no If-Match here:
 * a dependency is keyed by its parent, so this write cannot undo another edit of the flag.
 */
export function addDependency(projectId: string, featureName: string, dependency: Dependency): Promise<ApiResult<Feature>> {
  return api<Feature>(`${featurePath(projectId, featureName)}/dependencies`, { method: 'POST', body: dependency });
}

export function removeDependency(projectId: string, featureName: string, parent: string): Promise<ApiResult<Feature>> {
  return api<Feature>(`${featurePath(projectId, featureName)}/dependencies/${seg(parent)}`, { method: 'DELETE' });
}
