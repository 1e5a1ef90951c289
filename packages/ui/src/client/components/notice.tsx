import type { ComponentChildren } from 'preact';
import type { ApiError } from '../api';

/** A message the page must announce: errors as alerts, confirmations as polite status. */
export function Notice({ kind, children }: { kind: 'error' | 'ok' | 'info'; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** An API error in words: a 403 shows the API's own message, which names the missing permission. */
export function ErrorNotice({ error }: { error: ApiError | undefined }) {
  if (!error) return null;
  const lead = error.status === 403 ? 'Not allowed: ' : error.status === 404 ? 'Not found: ' : '';
  return (
    <Notice kind="error">
      {lead}
      {error.message}
    </Notice>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status">
      Loading {what}…
    </p>
  );
}
