// The environment calls of the page: the instance's environments (ADMIN), a project's (UPDATE_PROJECT),
// its default strategy per environment, and the feature types' lifetimes.
import { api, seg } from './api';
import type { StrategyBody } from './config-writes';
import type { Strategy } from './types';

export interface Environment {
  name: string;
  type: string;
  enabled: boolean;
  protected: boolean;
  sortOrder: number;
  projectCount?: number;
  apiTokenCount?: number;
  enabledToggleCount?: number;
  requiredApprovals?: number | null;
}

/** An environment as a project sees it: `visible` when the project uses it. */
export interface ProjectEnvironment extends Environment {
  visible: boolean;
  projectApiTokenCount: number;
  projectEnabledToggleCount: number;
  defaultStrategy?: Strategy;
}

export interface FeatureType {
  id: string;
  name: string;
  description: string;
  /** Days until a flag of the type is potentially stale; null: never. */
  lifetimeDays: number | null;
}

/** Unleash's environment types, offered as suggestions (the API takes any text). */
export const ENVIRONMENT_TYPES = ['development', 'test', 'preproduction', 'production'] as const;

const ENVIRONMENTS = '/api/admin/environments';
const projectEnvironments = (projectId: string) => `/api/admin/projects/${seg(projectId)}/environments`;

export async function listEnvironments(): Promise<Environment[]> {
  return (await api<{ environments: Environment[] }>(ENVIRONMENTS)).data.environments;
}

export async function createEnvironment(body: { name: string; type: string }): Promise<void> {
  await api(ENVIRONMENTS, { method: 'POST', body });
}

export async function updateEnvironmentType(name: string, type: string): Promise<void> {
  await api(`${ENVIRONMENTS}/${seg(name)}`, { method: 'PUT', body: { type } });
}

export async function deleteEnvironment(name: string): Promise<void> {
  await api(`${ENVIRONMENTS}/${seg(name)}`, { method: 'DELETE' });
}

export async function setEnvironmentEnabled(name: string, enabled: boolean): Promise<void> {
  await api(`${ENVIRONMENTS}/${seg(name)}/${enabled ? 'on' : 'off'}`, { method: 'POST' });
}

/** Stores the order given: each environment's sort order is its place in the list. */
export async function orderEnvironments(names: readonly string[]): Promise<void> {
  await api(`${ENVIRONMENTS}/sort-order`, { method: 'PUT', body: Object.fromEntries(names.map((n, i) => [n, i + 1])) });
}

export async function listProjectEnvironments(projectId: string): Promise<ProjectEnvironment[]> {
  return (await api<{ environments: ProjectEnvironment[] }>(`${ENVIRONMENTS}/project/${seg(projectId)}`)).data.environments;
}

export async function addProjectEnvironment(projectId: string, environment: string): Promise<void> {
  await api(projectEnvironments(projectId), { method: 'POST', body: { environment } });
}

/** The flags' configuration there is kept by the API and comes back with a re-add. */
export async function removeProjectEnvironment(projectId: string, environment: string): Promise<void> {
  await api(`${projectEnvironments(projectId)}/${seg(environment)}`, { method: 'DELETE' });
}

/** What enabling a flag with no strategy in the environment adds (flexibleRollout only, as Unleash). */
export async function setDefaultStrategy(projectId: string, environment: string, body: StrategyBody): Promise<void> {
  await api(`${projectEnvironments(projectId)}/${seg(environment)}/default-strategy`, { method: 'POST', body });
}

export async function listFeatureTypes(): Promise<FeatureType[]> {
  return (await api<{ types: FeatureType[] }>('/api/admin/feature-types')).data.types;
}

/** `lifetimeDays` null (or 0) is never potentially stale. */
export async function updateFeatureTypeLifetime(id: string, lifetimeDays: number | null): Promise<void> {
  await api(`/api/admin/feature-types/${seg(id)}/lifetime`, { method: 'PUT', body: { lifetimeDays } });
}
