import { useState } from 'preact/hooks';
import { api } from '../api';
import { type ApiToken, listApiTokens, mayManageTokens } from '../api-tokens';
import { ApiTokenTable } from '../components/api-token-table';
import { CreateApiTokenForm, NewTokenSecret } from '../components/create-api-token-form';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { getCurrentKey } from '../change-requests';
import type { Project } from '../types';
import { useResource } from '../use-resource';

/**
 * The instance's API tokens (ADMIN only): list, create (the secret shown once), change an expiry, revoke.
 * Other keys are told so and offered nothing; the API refuses them anyway.
 */
export function ApiTokensView() {
  const me = useResource(getCurrentKey, []);
  const admin = mayManageTokens(me.data ?? null);
  const tokens = useResource(async () => (admin ? listApiTokens() : undefined), [admin]);
  const projects = useResource(
    async () => (admin ? (await api<{ projects: Project[] }>('/api/admin/projects')).data.projects : []),
    [admin],
  );
  const [created, setCreated] = useState<(ApiToken & { secret: string }) | null>(null);

  return (
    <Page
      title="API tokens"
      lead="Keys for SDKs (client, backend, frontend) and for the admin API. A secret is shown once, when it is created."
    >
      <ErrorNotice error={me.error ?? tokens.error} />
      {me.loading && !me.data ? <Loading what="what this key may do" /> : null}
      {me.data && !admin ? (
        <Notice kind="info">Only admin keys manage API tokens; this key is {me.data.role ?? 'not an admin key'}.</Notice>
      ) : null}
      {created ? <NewTokenSecret token={created} onDone={() => setCreated(null)} /> : null}
      {admin && tokens.data ? (
        <>
          <ApiTokenTable tokens={tokens.data} mayChangeExpiry mayRevoke onChanged={tokens.reload} />
          <CreateApiTokenForm
            projects={projects.data ?? []}
            onCreated={(token) => {
              setCreated(token);
              tokens.reload();
            }}
          />
        </>
      ) : null}
    </Page>
  );
}
