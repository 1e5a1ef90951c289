// The calls of a flag's lifecycle (Unleash's routes): archive and its check, revive, delete for good, stale
// and on/off for several flags, clone, lifecycle stages and links. Batches are all or none in the API.
import { api, seg, type ApiResult } from './api';
import type { Feature } from './types';

const project = (projectId: string) => `/api/admin/projects/${seg(projectId)}`;
const feature = (projectId: string, name: string) => `${project(projectId)}/features/${seg(name)}`;
const post = (path: string, body?: unknown) => api<unknown>(path, { method: 'POST', ...(body === undefined ? {} : { body }) });

export interface ArchiveCheck {
  /** Flags of the batch that live flags outside it depend on: archiving them now is refused (409). */
  parentsWithChildFeatures: string[];
  hasDeletedDependencies: boolean;
}

/** What archiving these flags would meet, asked before (`validateArchiveFeatures`). */
export const checkArchive = async (projectId: string, features: string[]): Promise<ArchiveCheck> =>
  (await api<ArchiveCheck>(`${project(projectId)}/archive/validate`, { method: 'POST', body: { features } })).data;

/** One flag (DELETE, with the ETag of the version shown) or several together (the batch). */
export const archiveFeatures = (projectId: string, features: string[], ifMatch?: string | null) =>
  features.length === 1
    ? api<unknown>(feature(projectId, features[0]!), { method: 'DELETE', ifMatch: ifMatch ?? null })
    : post(`${project(projectId)}/archive`, { features });

export const reviveFeature = (name: string) => post(`/api/admin/archive/revive/${seg(name)}`);

/** Deleted for good: only an archived flag can be. */
export const deleteFeature = (name: string) => api<unknown>(`/api/admin/archive/${seg(name)}`, { method: 'DELETE' });

/** Archived flags of a project revived together (`reviveFeatures`): all or none. */
export const reviveFeatures = (projectId: string, features: string[]) => post(`${project(projectId)}/revive`, { features });

/** Archived flags of a project deleted for good together (`deleteFeatures`): all or none. */
export const deleteFeatures = (projectId: string, features: string[]) => post(`${project(projectId)}/delete`, { features });

export const markStale = (projectId: string, features: string[], stale: boolean) =>
  post(`${project(projectId)}/stale`, { features, stale });

export const switchFeatures = (projectId: string, environment: string, features: string[], on: boolean) =>
  post(`${project(projectId)}/bulk_features/environments/${seg(environment)}/${on ? 'on' : 'off'}`, { features });

export const cloneFeature = (projectId: string, name: string, newName: string): Promise<ApiResult<Feature>> =>
  api<Feature>(`${feature(projectId, name)}/clone`, { method: 'POST', body: { name: newName } });

export interface StageEntry {
  stage: string;
  status?: string;
  enteredStageAt: string;
}

export const getLifecycle = async (projectId: string, name: string): Promise<StageEntry[]> =>
  (await api<StageEntry[]>(`${feature(projectId, name)}/lifecycle`)).data;

export const completeFeature = (projectId: string, name: string, status: 'kept' | 'discarded', statusValue: string) =>
  post(`${feature(projectId, name)}/lifecycle/complete`, { status, ...(statusValue ? { statusValue } : {}) });

export const uncompleteFeature = (projectId: string, name: string) => post(`${feature(projectId, name)}/lifecycle/uncomplete`);

export interface LinkInput {
  url: string;
  title: string | null;
}

export const addLink = (projectId: string, name: string, link: LinkInput) => post(`${feature(projectId, name)}/link`, link);

export const updateLink = (projectId: string, name: string, id: string, link: LinkInput) =>
  api<unknown>(`${feature(projectId, name)}/link/${seg(id)}`, { method: 'PUT', body: link });

export const deleteLink = (projectId: string, name: string, id: string) =>
  api<unknown>(`${feature(projectId, name)}/link/${seg(id)}`, { method: 'DELETE' });

/**
 * The live flags that depend on these ones, directly or through others, and are not among them (from the
 * flags' `children`): what must be archived with them.
 */
export function dependentsLeftOut(features: readonly Feature[], names: readonly string[]): string[] {
  const byName = new Map(features.filter((f) => !f.archived).map((f) => [f.name, f]));
  const chosen = new Set(names);
  const left = new Set<string>();
  const queue = [...names];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const child of byName.get(name)?.children ?? []) {
      if (chosen.has(child) || left.has(child) || !byName.has(child)) continue;
      left.add(child);
      queue.push(child);
    }
  }
  return [...left].sort();
}
