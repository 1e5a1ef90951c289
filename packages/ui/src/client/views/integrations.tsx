import { useState } from 'preact/hooks';
import { getCurrentKey } from '../change-requests';
import { ActionNotices, ConfirmButton } from '../components/confirm-button';
import { DataTable } from '../components/data-table';
import { IntegrationForm } from '../components/integration-form';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { ToggleSwitch } from '../components/toggle-switch';
import { formatDateTime } from '../format';
import { deleteIntegration, type Integration, listDeliveries, listIntegrations, setEnabled, testIntegration } from '../integrations';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';

/** The latest deliveries of one integration, newest first: sent, or failed after the retries (why). */
function Deliveries(props: { integration: Integration; label: string; version: number }) {
  const deliveries = useResource(() => listDeliveries(props.integration.id), [props.integration.id, props.version]);
  return (
    <section aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">Recent deliveries of {props.label}</h2>
      <ErrorNotice error={deliveries.error} />
      <div class="actions">
        <button type="button" onClick={deliveries.reload}>
          Refresh deliveries
        </button>
      </div>
      {deliveries.loading && !deliveries.data ? <Loading what="deliveries" /> : null}
      {deliveries.data && deliveries.data.length === 0 ? <p class="muted">Nothing delivered yet.</p> : null}
      {deliveries.data?.length ? (
        <DataTable caption={`Recent deliveries of ${props.label}`} columns={['When', 'Event', 'Outcome', 'Details']}>
          {deliveries.data.map((d) => (
            <tr key={d.id} data-delivery={d.state}>
              <td>{formatDateTime(d.createdAt)}</td>
              <td>
                <code>{d.event.type}</code>
                {d.event.featureName ? ` ${d.event.featureName}` : ''}
              </td>
              <td>{d.state === 'failed' ? <strong>Failed</strong> : 'Sent'}</td>
              <td>{d.stateDetails}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}

/**
 * Integrations (Unleash's addons): webhooks, Slack and Microsoft Teams sent the chosen events. Admins add,
 * switch on and off, test and delete them, and read each one's recent deliveries and failures; secret
 * parameters are never shown (the API answers `*****`).
 */
export function IntegrationsView() {
  const me = useResource(getCurrentKey, []);
  const integrations = useResource(listIntegrations, []);
  const action = useAction();
  const [shown, setShown] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const isAdmin = me.data?.role === 'admin';
  const providers = integrations.data?.providers ?? [];
  const list = integrations.data?.addons ?? [];
  const label = (i: Integration) => `${providers.find((p) => p.name === i.provider)?.displayName ?? i.provider} ${i.id}`;
  const run = async (write: () => Promise<unknown>, done: string) => (await action.run(write, done)) && (integrations.reload(), true);
  const selected = list.find((i) => i.id === shown);

  return (
    <Page
      title="Integrations"
      lead="Webhooks, Slack and Microsoft Teams told of the chosen events, from the event log: in order, retried for a while, each with an idempotency key."
    >
      <ErrorNotice error={integrations.error} />
      <ActionNotices action={action} />
      {integrations.loading && !integrations.data ? <Loading what="integrations" /> : null}
      {me.data && !isAdmin ? <Notice kind="info">Only admin keys change integrations; this key reads them.</Notice> : null}
      {integrations.data && list.length === 0 ? <p class="muted">No integration yet.</p> : null}
      {list.length ? (
        <DataTable caption="Integrations" columns={['Integration', 'Description', 'Events', 'Enabled', 'Actions']}>
          {list.map((i) => (
            <tr key={i.id} data-integration={i.id}>
              <th scope="row">{label(i)}</th>
              <td>{i.description}</td>
              <td class="small">{i.events.join(', ')}</td>
              <td>
                {isAdmin ? (
                  <ToggleSwitch
                    checked={i.enabled}
                    label={`Enabled: ${label(i)}`}
                    busy={action.busy}
                    onToggle={() => void run(() => setEnabled(i, !i.enabled), `${label(i)} ${i.enabled ? 'disabled' : 'enabled'}.`)}
                  />
                ) : i.enabled ? (
                  'On'
                ) : (
                  'Off'
                )}
              </td>
              <td>
                <div class="actions">
                  {isAdmin ? (
                    <button
                      type="button"
                      aria-label={`Send a test to ${label(i)}`}
                      disabled={action.busy}
                      onClick={async () => {
                        if (
                          await action.run(() => testIntegration(i.id), `Test sent to ${label(i)}: its outcome shows in its deliveries.`)
                        ) {
                          setShown(i.id);
                          setVersion((v) => v + 1);
                        }
                      }}
                    >
                      Test
                    </button>
                  ) : null}
                  {isAdmin ? (
                    <button
                      type="button"
                      aria-label={`Deliveries of ${label(i)}`}
                      aria-pressed={shown === i.id}
                      onClick={() => setShown(i.id)}
                    >
                      Deliveries
                    </button>
                  ) : null}
                  {isAdmin ? (
                    <ConfirmButton
                      text="Delete"
                      label={`Delete ${label(i)}`}
                      question={`Delete ${label(i)}?`}
                      confirm={`Yes, delete ${label(i)}`}
                      busy={action.busy}
                      onConfirm={() => run(() => deleteIntegration(i.id), `${label(i)} deleted.`)}
                    />
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {selected && isAdmin ? <Deliveries integration={selected} label={label(selected)} version={version} /> : null}
      {isAdmin && providers.length ? <IntegrationForm providers={providers} action={action} onSaved={integrations.reload} /> : null}
    </Page>
  );
}
