import { useState } from 'preact/hooks';
import { getCurrentKey } from '../change-requests';
import { ActionNotices } from '../components/confirm-button';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { getFrontendOrigins, setFrontendOrigins } from '../playground';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';

const anyOrigin = (origins: readonly string[]): boolean => origins.length === 0 || origins.includes('*');

/** CORS origins: where browsers may read the frontend API and OFREP from. Admin keys change them. */
export function CorsOriginsView() {
  const me = useResource(getCurrentKey, []);
  const origins = useResource(getFrontendOrigins, []);
  const [text, setText] = useState<string | null>(null);
  const action = useAction();
  const mayEdit = me.data?.role === 'admin';
  const current = origins.data ?? [];
  const shown = text ?? current.join('\n');

  return (
    <Page title="CORS origins" lead="The web origins whose pages may call the frontend API and OFREP (Access-Control-Allow-Origin).">
      <ErrorNotice error={origins.error} />
      <ActionNotices action={action} />
      {origins.loading && !origins.data ? <Loading what="origins" /> : null}
      {origins.data ? (
        <p data-testid="cors-current">{anyOrigin(current) ? 'Any origin may call them.' : `Allowed: ${current.join(', ')}.`}</p>
      ) : null}
      {me.data && !mayEdit ? <Notice kind="info">Only admin keys change the origins; this key reads them.</Notice> : null}
      {mayEdit && origins.data ? (
        <form
          class="panel"
          aria-label="Allowed origins"
          onSubmit={async (e) => {
            e.preventDefault();
            const list = [...new Set(shown.split('\n').map((o) => o.trim()))].filter(Boolean);
            if (await action.run(() => setFrontendOrigins(list), 'Origins saved.')) {
              setText(null);
              origins.reload();
            }
          }}
        >
          <div class="field">
            <label for="cors-origins">Allowed origins (one per line, as https://app.example.com; * or none: any origin)</label>
            <textarea id="cors-origins" rows={5} value={shown} onInput={(e) => setText(e.currentTarget.value)} />
          </div>
          <button type="submit" class="primary" disabled={action.busy}>
            Save origins
          </button>
        </form>
      ) : null}
    </Page>
  );
}
