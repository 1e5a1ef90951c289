import { useCallback, useEffect, useState } from 'preact/hooks';
import { type ApiError, asApiError } from './api';

export interface Resource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload(): void;
  /** Replace the loaded data (after a write answered with the new state). */
  set(data: T): void;
}

/** Loads data when the keys change; a newer load wins over an older one still running. */
export function useResource<T>(load: () => Promise<T>, keys: unknown[]): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => current && setState({ loading: false, error: asApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [...keys, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((data: T) => setState({ data, loading: false }), []);
  return { data: state.data, error: state.error, loading: state.loading, reload, set };
}
