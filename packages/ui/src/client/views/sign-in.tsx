import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { Notice } from '../components/notice';
import { Page } from '../components/page';
import { saveKey } from '../session';

/**
 * Paste an admin API key; it is checked against the API (GET /api/admin/projects) and kept in this
 * tab's session storage. The form posts nowhere: the key never reaches a URL.
 */
export function SignIn({ reason, onSignedIn }: { reason: string | null; onSignedIn(): void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const trimmed = key.trim();
    if (!trimmed) return setError('Paste an admin API key first.');
    setBusy(true);
    setError(null);
    try {
      await api('/api/admin/projects', { key: trimmed });
      saveKey(trimmed);
      setKey('');
      onSignedIn();
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      setError(err?.status === 401 ? 'The API did not accept this key. Check that it is a valid admin key.' : (err?.message ?? String(e)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="sign-in">
      <Page
        title="Sign in"
        lead="Paste an admin API key. It stays in this browser tab only and is sent to the API in the Authorization header."
      >
        {reason ? <Notice kind="info">{reason}</Notice> : null}
        <form method="post" onSubmit={submit} class="stack" autocomplete="off">
          <label for="api-key">Admin API key</label>
          <input
            id="api-key"
            name="api-key"
            type="password"
            autocomplete="off"
            spellcheck={false}
            placeholder="*:*.0123…"
            value={key}
            onInput={(e) => setKey(e.currentTarget.value)}
            aria-describedby={error ? 'sign-in-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
          {error ? (
            <p id="sign-in-error" class="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Checking…' : 'Sign in'}
          </button>
        </form>
      </Page>
    </div>
  );
}
