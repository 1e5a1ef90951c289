// The writes the flag screens make: RFC 6902 patches, guarded so a change made meanwhile is never overwritten.
import { api, ApiError, seg, type ApiResult } from './api';
import type { Feature } from './types';

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'test';
  path: string;
  value?: unknown;
}

/**
 * Flips one environment's `enabled`. The `test` operations make the API refuse (409) when the
 * environment at that index is another one or its state is no longer the one shown.
 */
export function environmentToggle(feature: Feature, environment: string): PatchOperation[] {
  const index = (feature.environments ?? []).findIndex((e) => e.name === environment);
  const current = feature.environments?.[index];
  if (!current) throw new ApiError(0, 'Error', `The flag has no environment ${environment}.`);
  const path = `/environments/${index}`;
  return [
    { op: 'test', path: `${path}/name`, value: environment },
    { op: 'test', path: `${path}/enabled`, value: current.enabled },
    { op: 'replace', path: `${path}/enabled`, value: !current.enabled },
  ];
}

/** PATCH a feature; with `ifMatch` (the ETag of the version shown) the API answers 412 if it changed. */
export function patchFeature(
  projectId: string,
  featureName: string,
  patch: PatchOperation[],
  ifMatch?: string | null,
): Promise<ApiResult<Feature>> {
  return api<Feature>(`/api/admin/projects/${seg(projectId)}/features/${seg(featureName)}`, {
    method: 'PATCH',
    body: patch,
    ifMatch: ifMatch ?? null,
  });
}

/** A refused write because the flag changed since it was loaded (412 on If-Match, 409 on a failed test). */
export const isChangedMeanwhile = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 412 || (error.status === 409 && error.errorName === 'ConflictError'));

export const CHANGED_MEANWHILE =
  'This flag was changed meanwhile (in another tab or by someone else), so your change was not saved. Reload to see the current version, then make your change again.';
