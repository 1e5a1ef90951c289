import { useState } from 'preact/hooks';
import { type ChangeRequestSetting, updateChangeRequestSetting } from '../project-settings';
import type { Action } from '../use-action';
import { DataTable } from './data-table';

/** One environment's change-request setting as a form: on or off, and the approvals a request needs. */
function SettingRow({
  projectId,
  setting,
  mayEdit,
  action,
  onSaved,
}: {
  projectId: string;
  setting: ChangeRequestSetting;
  mayEdit: boolean;
  action: Action;
  onSaved(): void;
}) {
  const [enabled, setEnabled] = useState(setting.changeRequestEnabled);
  const [approvals, setApprovals] = useState(String(setting.requiredApprovals || 1));
  const env = setting.environment;
  const id = `cr-${env}`;
  return (
    <tr data-environment={env}>
      <th scope="row">
        {env}
        <span class="muted small block">{setting.type}</span>
      </th>
      <td>
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={enabled}
          disabled={!mayEdit}
          form={`${id}-form`}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />{' '}
        <label for={`${id}-on`}>Change requests in {env}</label>
      </td>
      <td>
        <label class="visually-hidden" for={`${id}-approvals`}>
          Approvals needed in {env}
        </label>
        <input
          id={`${id}-approvals`}
          type="number"
          min={1}
          max={10}
          step={1}
          required
          disabled={!mayEdit}
          form={`${id}-form`}
          value={approvals}
          onInput={(e) => setApprovals(e.currentTarget.value)}
        />
      </td>
      {mayEdit ? (
        <td>
          <form
            id={`${id}-form`}
            onSubmit={async (e) => {
              e.preventDefault();
              const body = { changeRequestsEnabled: enabled, requiredApprovals: Number(approvals) };
              const done = `Change requests in ${env}: ${enabled ? `on, ${body.requiredApprovals} approval(s)` : 'off'}.`;
              if (await action.run(() => updateChangeRequestSetting(projectId, env, body), done)) onSaved();
            }}
          >
            <button type="submit" class="primary" disabled={action.busy} aria-label={`Save change requests of ${env}`}>
              Save
            </button>
          </form>
        </td>
      ) : null}
    </tr>
  );
}

/** Per environment of the project: whether changes go through change requests, and how many approvals they need (ADMIN). */
export function ChangeRequestSettings(props: {
  projectId: string;
  settings: ChangeRequestSetting[];
  mayEdit: boolean;
  action: Action;
  onSaved(): void;
}) {
  return (
    <section aria-labelledby="cr-settings-heading">
      <h2 id="cr-settings-heading">Change requests</h2>
      <p class="muted small">
        With change requests on, a change in the environment is a request that needs the approvals set here before it applies.
      </p>
      <DataTable
        caption="Change-request settings per environment"
        columns={['Environment', 'Change requests', 'Approvals needed', props.mayEdit ? 'Save' : null]}
      >
        {props.settings.map((s) => (
          <SettingRow
            key={`${s.environment}:${s.changeRequestEnabled}:${s.requiredApprovals}`}
            projectId={props.projectId}
            setting={s}
            mayEdit={props.mayEdit}
            action={props.action}
            onSaved={props.onSaved}
          />
        ))}
      </DataTable>
    </section>
  );
}
