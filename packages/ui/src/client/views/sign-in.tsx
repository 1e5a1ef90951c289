import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { Notice } from '../components/notice';
import { Page } from '../components/page';
import { type SignInOption, signInOptions, signInWithPassword } from '../people';
import { saveKey } from '../session';

/** A sign-in error in words: the API's 401 and 429 said for people, anything else as the API said it. */
function reasonOf(e: unknown, refused: string): string {
  const err = e instanceof ApiError ? e : null;
  if (err?.status === 401) return refused;
  if (err?.status === 429) return err.message;
  return err?.message ?? String(e);
}

/**
 * Sign in as a person (username or email and password, or the single sign-on the server offers), after
 * which the browser holds an HttpOnly session cookie and the page keeps no secret; or, for automation,
 * with an admin API key kept in this tab's session storage. No form posts anywhere: nothing reaches a URL.
 */
export function SignIn({ reason, onSignedIn }: { reason: string | null; onSignedIn(): void }) {
  const [options, setOptions] = useState<SignInOption[]>([]);
  useEffect(() => void signInOptions().then(setOptions), []);

  return (
    <div class="sign-in">
      <Page title="Sign in" lead="Sign in with your username or email and your password.">
        {reason ? <Notice kind="info">{reason}</Notice> : null}
        <PasswordForm onSignedIn={onSignedIn} />
        {options.length > 0 ? (
          <p class="sso">
            {options.map((o) => (
              <a key={o.path} class="button-link" href={o.path}>
                {o.message}
              </a>
            ))}
          </p>
        ) : null}
        <KeyForm onSignedIn={onSignedIn} />
      </Page>
    </div>
  );
}

function PasswordForm({ onSignedIn }: { onSignedIn(): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    if (!username.trim() || !password) return setError('Enter your username or email and your password.');
    setBusy(true);
    setError(null);
    try {
      await signInWithPassword(username.trim(), password);
      setPassword('');
      onSignedIn();
    } catch (e) {
      setError(reasonOf(e, 'Wrong username or password.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} class="stack" aria-label="Sign in with a password">
      <label for="username">Username or email</label>
      <input
        id="username"
        name="username"
        autocomplete="username"
        spellcheck={false}
        value={username}
        onInput={(e) => setUsername(e.currentTarget.value)}
      />
      <label for="password">Password</label>
      <input
        id="password"
        name="password"
        type="password"
        autocomplete="current-password"
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
        aria-describedby={error ? 'password-error' : undefined}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p id="password-error" class="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

/** An admin API key, checked against the API (GET /api/admin/projects), kept in this tab's session storage. */
function KeyForm({ onSignedIn }: { onSignedIn(): void }) {
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
      setError(reasonOf(e, 'The API did not accept this key. Check that it is a valid admin key.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="key-heading" class="key-sign-in">
      <h2 id="key-heading">With an API key</h2>
      <p class="muted small">For automation, or before anyone has a password: the key stays in this browser tab only.</p>
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
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in with key'}
        </button>
      </form>
    </section>
  );
}
