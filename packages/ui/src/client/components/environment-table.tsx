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
    <div class="table-wrap">
      <table class="environments">
        <caption class="visually-hidden">Environments in their order</caption>
        <thead>
          <tr>
            <th scope="col">Environment</th>
            <th scope="col">Type</th>
            <th scope="col">Enabled</th>
            <th scope="col" class="num">
              Sort order
            </th>
            <th scope="col" class="num">
              Projects
            </th>
            <th scope="col" class="num">
              API tokens
            </th>
            <th scope="col" class="num">
              Flags on
            </th>
            {mayEdit ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
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
                    <div class="field">
                      <label for={`env-type-${env.name}`}>Type of {env.name}</label>
                      <input
                        id={`env-type-${env.name}`}
                        list="environment-types"
                        required
                        maxLength={100}
                        value={type}
                        onInput={(e) => setType(e.currentTarget.value)}
                      />
                    </div>
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
                      void write(
                        () => setEnvironmentEnabled(env.name, !env.enabled),
                        `${env.name} ${env.enabled ? 'disabled' : 'enabled'}.`,
                      )
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
                    <button
                      type="button"
                      aria-label={`Move ${env.name} up`}
                      disabled={i === 0 || action.busy}
                      onClick={() => move(i, i - 1)}
                    >
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
        </tbody>
      </table>
    </div>
  );
}
