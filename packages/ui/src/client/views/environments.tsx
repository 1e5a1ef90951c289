import { useState } from 'preact/hooks';
import { getCurrentKey } from '../change-requests';
import { ActionNotices } from '../components/confirm-button';
import { EnvironmentTable, EnvironmentTypes, TypeInput } from '../components/environment-table';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { createEnvironment, listEnvironments } from '../environments';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';

/** The instance's environments: order, on/off, type, create and delete (ADMIN); other keys read them. */
export function EnvironmentsView() {
  const me = useResource(getCurrentKey, []);
  const environments = useResource(listEnvironments, []);
  const action = useAction();
  const admin = me.data?.role === 'admin';
  const [name, setName] = useState('');
  const [type, setType] = useState('development');

  return (
    <Page
      title="Environments"
      lead="Where flags are configured and served, in this order on every screen. A disabled environment is served to no SDK."
    >
      <ErrorNotice error={environments.error ?? me.error} />
      <ActionNotices action={action} />
      {environments.loading && !environments.data ? <Loading what="environments" /> : null}
      {me.data && !admin ? <Notice kind="info">Only admin keys change environments; this key reads them.</Notice> : null}
      <EnvironmentTypes />
      {environments.data ? (
        <EnvironmentTable environments={environments.data} mayEdit={admin} action={action} onChanged={environments.reload} />
      ) : null}
      {admin ? (
        <section aria-labelledby="new-env-heading">
          <h2 id="new-env-heading">Create an environment</h2>
          <form
            class="create-flag"
            onSubmit={async (e) => {
              e.preventDefault();
              const body = { name: name.trim(), type: type.trim() };
              if (await action.run(() => createEnvironment(body), `${body.name} created: add it to the projects that use it.`)) {
                setName('');
                setType('development');
                environments.reload();
              }
            }}
          >
            <div class="field">
              <label for="new-env-name">Name</label>
              <input
                id="new-env-name"
                required
                maxLength={100}
                pattern="[A-Za-z0-9_~\-]+"
                aria-describedby="new-env-hint"
                value={name}
                onInput={(e) => setName(e.currentTarget.value)}
              />
              <span id="new-env-hint" class="muted small">
                Letters, digits, - _ ~
              </span>
            </div>
            <TypeInput id="new-env-type" label="Type" value={type} onChange={setType} />
            <button type="submit" class="primary" disabled={action.busy}>
              Create environment
            </button>
          </form>
        </section>
      ) : null}
    </Page>
  );
}
