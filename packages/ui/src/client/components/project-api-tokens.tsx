import { useState } from 'preact/hooks';
import { type ApiToken, listApiTokens, mayManageProjectTokens } from '../api-tokens';
import { getCurrentKey } from '../change-requests';
import { useResource } from '../use-resource';
import { ApiTokenTable } from './api-token-table';
import { CreateApiTokenForm, NewTokenSecret } from './create-api-token-form';
import { ErrorNotice } from './notice';

/** A project's client, backend and frontend tokens, for editor and admin keys with the project in scope. */
export function ProjectApiTokens({ projectId }: { projectId: string }) {
  const me = useResource(getCurrentKey, []);
  const allowed = mayManageProjectTokens(me.data ?? null, projectId);
  const tokens = useResource(async () => (allowed ? listApiTokens(projectId) : undefined), [projectId, allowed]);
  const [created, setCreated] = useState<(ApiToken & { secret: string }) | null>(null);
  if (!allowed) return null;
  return (
    <section aria-labelledby="project-tokens-heading">
      <h2 id="project-tokens-heading">API tokens of this project</h2>
      <ErrorNotice error={tokens.error} />
      {created ? <NewTokenSecret token={created} onDone={() => setCreated(null)} /> : null}
      {tokens.data ? (
        <>
          <ApiTokenTable
            tokens={tokens.data}
            projectId={projectId}
            mayChangeExpiry={me.data?.role === 'admin'}
            mayRevoke
            onChanged={tokens.reload}
          />
          <CreateApiTokenForm
            projectId={projectId}
            onCreated={(token) => {
              setCreated(token);
              tokens.reload();
            }}
          />
        </>
      ) : null}
    </section>
  );
}
