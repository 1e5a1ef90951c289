import { useState } from 'preact/hooks';
import { type ApiError, asApiError } from './api';

export interface Action {
  busy: boolean;
  error: ApiError | undefined;
  /** The confirmation of the last write that succeeded. */
  done: string | null;
  /** Runs one write: busy while it runs, its error kept; true when it succeeded. */
  run(write: () => Promise<unknown>, done?: string): Promise<boolean>;
}

/** The state of a screen's writes: one at a time, the API's error or a confirmation shown after. */
export function useAction(): Action {
  const [state, setState] = useState<{ busy: boolean; error?: ApiError; done: string | null }>({ busy: false, done: null });
  async function run(write: () => Promise<unknown>, done?: string): Promise<boolean> {
    setState({ busy: true, done: null });
    try {
      await write();
      setState({ busy: false, done: done ?? null });
      return true;
    } catch (e) {
      setState({ busy: false, error: asApiError(e), done: null });
      return false;
    }
  }
  return { busy: state.busy, error: state.error, done: state.done, run };
}
