import { useState } from 'preact/hooks';
import { localToIso } from '../api-tokens';
import { ActionNotices, ConfirmButton } from '../components/confirm-button';
import { NewTokenSecret } from '../components/create-api-token-form';
import { ErrorNotice, Loading } from '../components/notice';
import { Breadcrumbs, Page } from '../components/page';
import { formatDateTime } from '../format';
import { createPersonalToken, deletePersonalToken, listPersonalTokens, type PersonalToken } from '../people';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';

/**
 * The signed-in person's personal access tokens: they act as the person (role and scope as they are at
 * each request). Create (the secret shown once), list, delete (asked twice).
 */
export function PersonalTokensView() {
  const tokens = useResource(listPersonalTokens, []);
  const [created, setCreated] = useState<(PersonalToken & { secret: string }) | null>(null);
  const action = useAction();
  return (
    <>
      <Breadcrumbs items={[{ label: 'My profile', href: '#/profile' }, { label: 'Personal access tokens' }]} />
      <Page
        title="Personal access tokens"
        lead="Tokens for scripts that act as you, with your role and scope. A secret is shown once, when it is created."
      >
        <ErrorNotice error={tokens.error} />
        <ActionNotices action={action} />
        {created ? (
          <NewTokenSecret token={{ tokenName: created.description, secret: created.secret }} onDone={() => setCreated(null)} />
        ) : null}
        {tokens.loading && !tokens.data ? <Loading what="your tokens" /> : null}
        {tokens.data ? <TokenTable tokens={tokens.data} action={action} onChanged={tokens.reload} /> : null}
        <CreateTokenForm
          onCreated={(token) => {
            setCreated(token);
            tokens.reload();
          }}
        />
      </Page>
    </>
  );
}

function TokenTable({ tokens, action, onChanged }: { tokens: PersonalToken[]; action: ReturnType<typeof useAction>; onChanged(): void }) {
  if (tokens.length === 0) return <p class="muted">No tokens.</p>;
  return (
    <div class="table-wrap">
      <table class="tokens">
        <caption class="visually-hidden">Your personal access tokens</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Expires</th>
            <th scope="col">Created</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((t) => (
            <tr key={t.id} data-token-id={t.id}>
              <th scope="row">{t.description}</th>
              <td>{t.expiresAt ? formatDateTime(t.expiresAt) : 'never'}</td>
              <td>{formatDateTime(t.createdAt)}</td>
              <td>
                <ConfirmButton
                  text="Delete"
                  label={`Delete ${t.description} (${t.id})`}
                  question="Scripts using it stop working at once."
                  confirm={`Yes, delete ${t.description}`}
                  busy={action.busy}
                  onConfirm={async () => {
                    const done = await action.run(() => deletePersonalToken(t.id), `Token ${t.description} deleted.`);
                    if (done) onChanged();
                    return done;
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated(token: PersonalToken & { secret: string }): void }) {
  const [description, setDescription] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const action = useAction();

  async function submit(event: Event) {
    event.preventDefault();
    let token: (PersonalToken & { secret: string }) | undefined;
    if (await action.run(async () => (token = await createPersonalToken(description.trim(), localToIso(expiresAt))))) {
      setDescription('');
      setExpiresAt('');
      onCreated(token!);
    }
  }

  return (
    <section aria-labelledby="new-pat-heading">
      <h2 id="new-pat-heading">Create a token</h2>
      <form class="create-flag" onSubmit={submit}>
        <div class="field">
          <label for="new-pat-description">Description</label>
          <input
            id="new-pat-description"
            required
            maxLength={100}
            value={description}
            onInput={(e) => setDescription(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="new-pat-expires">Expires (optional)</label>
          <input id="new-pat-expires" type="datetime-local" value={expiresAt} onInput={(e) => setExpiresAt(e.currentTarget.value)} />
        </div>
        <button type="submit" class="primary" disabled={action.busy}>
          Create token
        </button>
      </form>
      <ErrorNotice error={action.error} />
    </section>
  );
}
