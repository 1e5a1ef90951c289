// The state of the flag screen: the flag as loaded (with its ETag), and one way to write to it.
import { useState } from 'preact/hooks';
import { api, type ApiError, asApiError, seg, type ApiResult } from './api';
import { isChangedMeanwhile, patchFeature, type PatchOperation } from './feature-writes';
import type { Feature } from './types';
import { useResource, type Resource } from './use-resource';

/**
 * A write of the flag screen: given the ETag of the version on screen (to send as If-Match), it
 * resolves with the flag's new document, or null when the API answered something else (then the
 * flag is read again).
 */
export type FeatureWrite = (ifMatch: string | null) => Promise<ApiResult<Feature> | null>;
/** Runs a write; resolves true when saved. `what` names it in the confirmation ("Strategy saved."). */
export type Commit = (what: string, write: FeatureWrite) => Promise<boolean>;

export interface FeatureEditing {
  loaded: Resource<ApiResult<Feature>>;
  commit: Commit;
  /** Applies an RFC 6902 patch to the flag itself. */
  save(patch: PatchOperation[], what: string): Promise<boolean>;
  reload(): void;
  busy: boolean;
  /** The last write was refused because the flag changed since it was loaded. */
  conflict: boolean;
  error: ApiError | undefined;
  saved: string | null;
  /** Moves on every write and reload, so the history reads the events again. */
  round: number;
}

export function useFeatureEditing(projectId: string, featureName: string): FeatureEditing {
  const read = () => api<Feature>(`/api/admin/projects/${seg(projectId)}/features/${seg(featureName)}`);
  const loaded = useResource(read, [projectId, featureName]);
  const [error, setError] = useState<ApiError | undefined>();
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  const commit: Commit = async (what, write) => {
    if (!loaded.data) return false;
    setBusy(true);
    setError(undefined);
    setConflict(false);
    setSaved(null);
    try {
      loaded.set((await write(loaded.data.etag)) ?? (await read()));
      setSaved(`${what} saved.`);
      setRound((r) => r + 1);
      return true;
    } catch (e) {
      if (isChangedMeanwhile(e)) setConflict(true);
      else setError(asApiError(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    loaded,
    commit,
    save: (patch, what) => commit(what, (ifMatch) => patchFeature(projectId, featureName, patch, ifMatch)),
    reload() {
      setConflict(false);
      setSaved(null);
      loaded.reload();
      setRound((r) => r + 1);
    },
    busy,
    conflict,
    error,
    saved,
    round,
  };
}
