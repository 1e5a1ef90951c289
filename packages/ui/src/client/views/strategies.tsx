import { useState } from 'preact/hooks';
import { getCurrentKey } from '../change-requests';
import { ActionNotices, ConfirmButton } from '../components/confirm-button';
import { DataTable } from '../components/data-table';
import { ErrorNotice, Loading, Notice } from '../components/notice';
import { Page } from '../components/page';
import { StrategyDefinitionForm } from '../components/strategy-definition-form';
import {
  deleteStrategyDefinition,
  forgetStrategyDefinitions,
  listStrategyDefinitions,
  setDeprecated,
  type StrategyDefinition,
} from '../strategy-definitions';
import { useAction } from '../use-action';
import { useResource } from '../use-resource';

const describeParameter = (p: StrategyDefinition['parameters'][number]) => `${p.name} (${p.type}${p.required ? ', required' : ''})`;

/**
 * Strategy definitions: the built-ins and the custom strategies SDKs implement. Editor and admin keys
 * over every project define, change, deprecate, reactivate and delete them (the API refuses to delete
 * one flags use, naming them); other keys read them.
 */
export function StrategiesView() {
  const me = useResource(getCurrentKey, []);
  const definitions = useResource(listStrategyDefinitions, []);
  const action = useAction();
  const [editing, setEditing] = useState<string | null>(null);
  const mayEdit = (me.data?.role === 'admin' || me.data?.role === 'editor') && me.data.projects.includes('*');
  const list = definitions.data ?? [];
  const edited = list.find((d) => d.name === editing && d.editable);
  const changed = () => {
    forgetStrategyDefinitions();
    setEditing(null);
    definitions.reload();
  };
  const run = async (write: () => Promise<unknown>, done: string) => (await action.run(write, done)) && (changed(), true);

  return (
    <Page title="Strategies" lead="The activation strategies flags may use: the built-in ones, and custom ones your SDKs implement.">
      <ErrorNotice error={definitions.error} />
      <ActionNotices action={action} />
      {definitions.loading && !definitions.data ? <Loading what="strategies" /> : null}
      {me.data && !mayEdit ? (
        <Notice kind="info">Only editor and admin keys over every project change strategies; this key reads them.</Notice>
      ) : null}
      {list.length ? (
        <DataTable caption="Strategies" columns={['Strategy', 'Description', 'Parameters', 'Status', mayEdit ? 'Actions' : null]}>
          {list.map((d) => {
            const label = d.displayName ?? d.title ?? d.name;
            return (
              <tr key={d.name} data-strategy={d.name}>
                <th scope="row">
                  {label}
                  {label !== d.name ? <code class="muted small block">{d.name}</code> : null}
                </th>
                <td>{d.description}</td>
                <td>
                  <ul class="plain-list small">
                    {d.parameters.map((p) => (
                      <li key={p.name}>
                        <code>{describeParameter(p)}</code>
                        {p.description ? ` ${p.description}` : ''}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {d.editable ? 'Custom' : 'Built in'}
                  {d.deprecated ? <strong class="block">Deprecated</strong> : null}
                </td>
                {mayEdit ? (
                  <td>
                    <div class="actions">
                      {d.editable ? (
                        <button type="button" aria-label={`Edit ${d.name}`} onClick={() => setEditing(d.name)}>
                          Edit
                        </button>
                      ) : null}
                      <button
                        type="button"
                        aria-label={`${d.deprecated ? 'Reactivate' : 'Deprecate'} ${d.name}`}
                        disabled={action.busy}
                        onClick={() =>
                          void run(
                            () => setDeprecated(d.name, !d.deprecated),
                            `Strategy ${d.name} ${d.deprecated ? 'reactivated' : 'deprecated'}.`,
                          )
                        }
                      >
                        {d.deprecated ? 'Reactivate' : 'Deprecate'}
                      </button>
                      {d.editable ? (
                        <ConfirmButton
                          text="Delete"
                          label={`Delete ${d.name}`}
                          question={`Delete strategy ${d.name}?`}
                          confirm={`Yes, delete ${d.name}`}
                          busy={action.busy}
                          onConfirm={() => run(() => deleteStrategyDefinition(d.name), `Strategy ${d.name} deleted.`)}
                        />
                      ) : null}
                    </div>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      {mayEdit && definitions.data ? (
        <StrategyDefinitionForm
          key={edited?.name ?? 'new'}
          {...(edited ? { definition: edited, onCancel: () => setEditing(null) } : {})}
          action={action}
          onSaved={changed}
        />
      ) : null}
    </Page>
  );
}
