import { useState } from 'preact/hooks';
import { type ApiError, asApiError } from '../api';
import { type ApiToken, localToIso, revokeApiToken, updateApiTokenExpiry } from '../api-tokens';
import { formatDateTime } from '../format';
import { ErrorNotice } from './notice';

/** What a row is doing: nothing, editing its expiry, or asking before a revoke. */
type RowMode = { id: number; mode: 'expiry' | 'revoke' } | null;

/**
 * The tokens (never a secret): name, type, projects, environment, expiry, created. With `mayChangeExpiry`
 * (ADMIN) a row's expiry can be changed; with `mayRevoke` it can be revoked, asked twice in the page.
 */
export function ApiTokenTable(props: {
  tokens: ApiToken[];
  projectId?: string;
  mayChangeExpiry: boolean;
  mayRevoke: boolean;
  onChanged(): void;
}) {
  const [row, setRow] = useState<RowMode>(null);
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<ApiError | undefined>();
  const [busy, setBusy] = useState(false);
  const actions = props.mayChangeExpiry || props.mayRevoke;

  async function run(write: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await write();
      setRow(null);
      props.onChanged();
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  }

  if (props.tokens.length === 0) return <p class="muted">No tokens.</p>;
  return (
    <>
      <ErrorNotice error={error} />
      <div class="table-wrap">
        <table class="tokens">
          <caption class="visually-hidden">API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Projects</th>
              <th scope="col">Environment</th>
              <th scope="col">Expires</th>
              <th scope="col">Created</th>
              {actions ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {props.tokens.map((t) => {
              const mode = row?.id === t.id ? row.mode : null;
              const label = `${t.tokenName} (${t.id})`;
              return (
                <tr key={t.id} data-token-id={t.id}>
                  <th scope="row">{t.tokenName}</th>
                  <td>
                    {t.type}
                    {t.role ? ` (${t.role})` : ''}
                  </td>
                  <td>{t.projects.includes('*') ? 'all' : t.projects.join(', ')}</td>
                  <td>{t.environment === '*' ? 'all' : t.environment}</td>
                  <td>{t.expiresAt ? formatDateTime(t.expiresAt) : 'never'}</td>
                  <td>{formatDateTime(t.createdAt)}</td>
                  {actions ? (
                    <td>
                      {mode === 'expiry' ? (
                        <form
                          class="inline-form"
                          onSubmit={(e) => {
                            e.preventDefault();
                            void run(() => updateApiTokenExpiry(t.id, localToIso(expiry)));
                          }}
                        >
                          <div class="field">
                            <label for={`token-expiry-${t.id}`}>New expiry of {t.tokenName}</label>
                            <input
                              id={`token-expiry-${t.id}`}
                              type="datetime-local"
                              required
                              value={expiry}
                              onInput={(e) => setExpiry(e.currentTarget.value)}
                            />
                          </div>
                          <button type="submit" class="primary" disabled={busy}>
                            Save expiry
                          </button>
                          <button type="button" onClick={() => setRow(null)}>
                            Cancel
                          </button>
                        </form>
                      ) : mode === 'revoke' ? (
                        <div class="actions">
                          <span>Revoke for good? Its next request is a 401.</span>
                          <button
                            type="button"
                            class="danger"
                            disabled={busy}
                            onClick={() => void run(() => revokeApiToken(t.id, props.projectId))}
                          >
                            Yes, revoke {t.tokenName}
                          </button>
                          <button type="button" onClick={() => setRow(null)}>
                            Keep it
                          </button>
                        </div>
                      ) : (
                        <div class="actions">
                          {props.mayChangeExpiry ? (
                            <button
                              type="button"
                              aria-label={`Change expiry of ${label}`}
                              onClick={() => {
                                setExpiry('');
                                setRow({ id: t.id, mode: 'expiry' });
                              }}
                            >
                              Change expiry
                            </button>
                          ) : null}
                          {props.mayRevoke ? (
                            <button type="button" aria-label={`Revoke ${label}`} onClick={() => setRow({ id: t.id, mode: 'revoke' })}>
                              Revoke
                            </button>
                          ) : null}
                        </div>
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
