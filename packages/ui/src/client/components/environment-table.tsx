import { useState } from 'preact/hooks';
import {
  deleteEnvironment,
  type Environment,
  ENVIRONMENT_TYPES,
  orderEnvironments,
  setEnvironmentEnabled,
  updateEnvironmentType,
} from '../environments';
import type { Action } from '../use-action';
import { ConfirmButton } from './confirm-button';
import { DataTable } from './data-table';
import { ToggleSwitch } from './toggle-switch';

/** The suggestions of an environment type input (`list="environment-types"`); any text is allowed. */
export function EnvironmentTypes() {
  return (
    <datalist id="environment-types">
      {ENVIRONMENT_TYPES.map((t) => (
        <option key={t} value={t} />
      ))}
    </datalist>
  );
}

/** An environment type: free text with Unleash's types as suggestions. */
export function TypeInput(props: { id: string; label: string; value: string; onChange(value: string): void }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        list="environment-types"
        required
        maxLength={100}
        value={props.value}
        onInput={(e) => props.onChange(e.currentTarget.value)}
      />
    </div>
  );
}

/**
 * The instance's environments in their order, with their figures. With `mayEdit` (ADMIN): move up and
 * down, on/off, change the type, delete (asked twice, saying what stops working).
 */
export function EnvironmentTable(props: { environments: Environment[]; mayEdit: boolean; action: Action; onChanged(): void }) {
  const { environments, mayEdit, action } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const [type, setType] = useState('');
  const write = async (w: () => Promise<unknown>, done: string) => {
    const ok = await action.run(w, done);
    if (ok) props.onChanged();
    return ok;
  };
  const move = (i: number, j: number) => {
    const names = environments.map((e) => e.name);
    [names[i], names[j]] = [names[j]!, names[i]!];
    void write(() => orderEnvironments(names), `Order: ${names.join(', ')}.`);
  };

  return (
    <DataTable
      caption="Environments in their order"
      columns={[
        'Environment',
        'Type',
        'Enabled',
        { label: 'Sort order', num: true },
        { label: 'Projects', num: true },
        { label: 'API tokens', num: true },
        { label: 'Flags on', num: true },
        mayEdit ? 'Actions' : null,
      ]}
    >
      {environments.map((env, i) => (
        <tr key={env.name} data-environment={env.name}>
          <th scope="row">
            {env.name}
            {env.protected ? <span class="muted small block">protected</span> : null}
          </th>
          <td>
            {editing === env.name ? (
              <form
                class="inline-form"
                onSubmit={async (e) => {
                  e.preventDefault();
                  if (await write(() => updateEnvironmentType(env.name, type.trim()), `${env.name} is now of type ${type.trim()}.`))
                    setEditing(null);
                }}
              >
                <TypeInput id={`env-type-${env.name}`} label={`Type of ${env.name}`} value={type} onChange={setType} />
                <button type="submit" class="primary" disabled={action.busy}>
                  Save type
                </button>
                <button type="button" onClick={() => setEditing(null)}>
                  Cancel
                </button>
              </form>
            ) : (
              env.type
            )}
          </td>
          <td>
            {mayEdit ? (
              <ToggleSwitch
                checked={env.enabled}
                label={`${env.name} enabled`}
                busy={action.busy}
                onToggle={() =>
                  void write(() => setEnvironmentEnabled(env.name, !env.enabled), `${env.name} ${env.enabled ? 'disabled' : 'enabled'}.`)
                }
              />
            ) : env.enabled ? (
              'yes'
            ) : (
              'no'
            )}
          </td>
          <td class="num">{env.sortOrder}</td>
          <td class="num">{env.projectCount ?? '—'}</td>
          <td class="num">{env.apiTokenCount ?? '—'}</td>
          <td class="num">{env.enabledToggleCount ?? '—'}</td>
          {mayEdit ? (
            <td>
              <div class="actions">
                <button type="button" aria-label={`Move ${env.name} up`} disabled={i === 0 || action.busy} onClick={() => move(i, i - 1)}>
                  Up
                </button>
                <button
                  type="button"
                  aria-label={`Move ${env.name} down`}
                  disabled={i === environments.length - 1 || action.busy}
                  onClick={() => move(i, i + 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  aria-label={`Change type of ${env.name}`}
                  onClick={() => {
                    setType(env.type);
                    setEditing(env.name);
                  }}
                >
                  Change type
                </button>
                <ConfirmButton
                  text="Delete"
                  label={`Delete ${env.name}`}
                  question={`Delete ${env.name} for good? Its flag configuration goes, and its API keys and change-request settings stop working at once.`}
                  confirm={`Yes, delete ${env.name}`}
                  busy={action.busy}
                  onConfirm={() => write(() => deleteEnvironment(env.name), `${env.name} deleted.`)}
                />
              </div>
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}
