import { useState } from 'preact/hooks';
import { type ApiError, asApiError } from '../api';
import { ADMIN_KEY_ROLES, type ApiToken, createApiToken, KEY_TYPES, localToIso, type NewApiToken, PROJECT_KEY_TYPES } from '../api-tokens';
import { ErrorNotice } from './notice';
import { SelectField } from './select-field';

/**
 * Creates a token: the instance's (any type, any projects) or, with `projectId`, one of that project's
 * (client, backend, frontend). The secret from the answer is handed up, to be shown once.
 */
export function CreateApiTokenForm(props: {
  projectId?: string;
  /** Projects to pick from (instance tokens). */
  projects?: readonly { id: string; name: string }[];
  onCreated(token: ApiToken & { secret: string }): void;
}) {
  const { projectId } = props;
  const idp = projectId ? 'project-token' : 'new-token';
  const [name, setName] = useState('');
  const [type, setType] = useState<string>(projectId ? 'backend' : 'client');
  const [role, setRole] = useState<string>('admin');
  const [projects, setProjects] = useState<string[]>([]);
  const [environment, setEnvironment] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [error, setError] = useState<ApiError | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body: NewApiToken = { tokenName: name.trim(), type };
      if (type === 'admin') body.role = role;
      if (!projectId && projects.length > 0) body.projects = projects;
      if (environment.trim()) body.environment = environment.trim();
      const expiry = localToIso(expiresAt);
      if (expiry) body.expiresAt = expiry;
      const created = await createApiToken(body, projectId);
      setName('');
      setExpiresAt('');
      props.onCreated(created);
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${idp}-heading`}>
      <h2 id={`${idp}-heading`}>Create a token</h2>
      <form class="create-flag" onSubmit={submit}>
        <div class="field">
          <label for={`${idp}-name`}>Token name</label>
          <input id={`${idp}-name`} required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </div>
        <SelectField id={`${idp}-type`} label="Type" value={type} options={projectId ? PROJECT_KEY_TYPES : KEY_TYPES} onChange={setType} />
        {type === 'admin' ? (
          <SelectField id={`${idp}-role`} label="Role" value={role} options={ADMIN_KEY_ROLES} onChange={setRole} />
        ) : null}
        {projectId ? null : (
          <div class="field">
            <label for={`${idp}-projects`}>Projects (none selected: all)</label>
            <select
              id={`${idp}-projects`}
              multiple
              size={Math.min(4, Math.max(2, props.projects?.length ?? 0))}
              onChange={(e) => setProjects([...e.currentTarget.selectedOptions].map((o) => o.value))}
            >
              {(props.projects ?? []).map((p) => (
                <option key={p.id} value={p.id} selected={projects.includes(p.id)}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div class="field">
          <label for={`${idp}-environment`}>Environment</label>
          <input
            id={`${idp}-environment`}
            value={environment}
            placeholder={type === 'admin' ? '*' : 'development'}
            aria-describedby={`${idp}-environment-hint`}
            onInput={(e) => setEnvironment(e.currentTarget.value)}
          />
          <span id={`${idp}-environment-hint`} class="muted small">
            Empty: {type === 'admin' ? 'all (*)' : 'development'}
          </span>
        </div>
        <div class="field">
          <label for={`${idp}-expires`}>Expires (optional)</label>
          <input id={`${idp}-expires`} type="datetime-local" value={expiresAt} onInput={(e) => setExpiresAt(e.currentTarget.value)} />
        </div>
        <button type="submit" class="primary" disabled={busy}>
          Create token
        </button>
      </form>
      <ErrorNotice error={error} />
    </section>
  );
}

/** The secret of a token just created (an API token or a personal one): shown this once, with a copy button and the warning. */
export function NewTokenSecret({ token, onDone }: { token: Pick<ApiToken, 'tokenName'> & { secret: string }; onDone(): void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(token.secret).then(
      () => setCopied('Copied to the clipboard.'),
      () => setCopied('Copying was refused: select the secret and copy it by hand.'),
    );
  return (
    <section class="notice notice-ok secret" aria-labelledby="secret-heading">
      <h2 id="secret-heading">Token “{token.tokenName}” created</h2>
      <p>
        <strong>Copy the secret now: it is not shown again.</strong> The API keeps only its hash; a lost secret means a new token.
      </p>
      <div class="inline-form">
        <div class="field grow">
          <label for="new-token-secret">Secret</label>
          <input id="new-token-secret" class="mono" readOnly value={token.secret} onFocus={(e) => e.currentTarget.select()} />
        </div>
        <button type="button" onClick={copy}>
          Copy secret
        </button>
        <button type="button" onClick={onDone}>
          I have copied it
        </button>
      </div>
      {copied ? (
        <p role="status" class="small">
          {copied}
        </p>
      ) : null}
    </section>
  );
}
