import { useState } from 'preact/hooks';
import { addProjectEnvironment, type ProjectEnvironment, removeProjectEnvironment, setDefaultStrategy } from '../environments';
import type { Segment } from '../types';
import type { Action } from '../use-action';
import { ConfirmButton } from './confirm-button';
import { StrategyForm } from './strategy-form';
import { StrategySummary } from './strategy-list';
import { DataTable } from './data-table';

/**
 * The environments as the project sees them: used or not (add, remove asked twice), and the default
 * strategy of each one it uses (what enabling a flag with no strategy there adds). UPDATE_PROJECT.
 */
export function ProjectEnvironments(props: {
  projectId: string;
  environments: ProjectEnvironment[];
  segments: Segment[];
  mayEdit: boolean;
  action: Action;
  onChanged(): void;
}) {
  const { projectId, action, mayEdit } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const edited = props.environments.find((e) => e.name === editing && e.visible);
  const write = async (w: () => Promise<unknown>, done: string) => {
    const ok = await action.run(w, done);
    if (ok) props.onChanged();
    return ok;
  };

  return (
    <section aria-labelledby="project-envs-heading">
      <h2 id="project-envs-heading">Environments</h2>
      <DataTable
        caption="Environments of the project and their default strategies"
        columns={['Environment', 'In this project', { label: 'Flags on', num: true }, 'Default strategy', mayEdit ? 'Actions' : null]}
      >
        {props.environments.map((env) => (
          <tr key={env.name} data-environment={env.name}>
            <th scope="row">
              {env.name}
              <span class="muted small block">
                {env.type}
                {env.enabled ? '' : ' · disabled'}
              </span>
            </th>
            <td>{env.visible ? 'used' : 'not used'}</td>
            <td class="num">{env.visible ? env.projectEnabledToggleCount : '—'}</td>
            <td>
              {!env.visible ? (
                '—'
              ) : env.defaultStrategy ? (
                <StrategySummary strategy={env.defaultStrategy} segments={props.segments} />
              ) : (
                'Gradual rollout · 100 % (built in)'
              )}
            </td>
            {mayEdit ? (
              <td>
                <div class="actions">
                  {env.visible ? (
                    <>
                      <button type="button" aria-label={`Edit default strategy of ${env.name}`} onClick={() => setEditing(env.name)}>
                        Edit default strategy
                      </button>
                      <ConfirmButton
                        text="Remove"
                        label={`Remove ${env.name} from the project`}
                        question={`Stop using ${env.name} here? Its flags' configuration there is kept and comes back, switched off, when it is added again.`}
                        confirm={`Yes, remove ${env.name}`}
                        busy={action.busy}
                        onConfirm={() =>
                          write(() => removeProjectEnvironment(projectId, env.name), `${env.name} removed from the project.`)
                        }
                      />
                    </>
                  ) : (
                    <button
                      type="button"
                      aria-label={`Add ${env.name} to the project`}
                      disabled={action.busy}
                      onClick={() => void write(() => addProjectEnvironment(projectId, env.name), `${env.name} added to the project.`)}
                    >
                      Add
                    </button>
                  )}
                </div>
              </td>
            ) : null}
          </tr>
        ))}
      </DataTable>
      {edited ? (
        <StrategyForm
          key={edited.name}
          idPrefix={`default-${edited.name}`}
          label={`Default strategy in ${edited.name}`}
          featureName=""
          kinds={['flexibleRollout']}
          strategy={edited.defaultStrategy ?? { name: 'flexibleRollout' }}
          segments={props.segments}
          busy={action.busy}
          onSubmit={(body) => write(() => setDefaultStrategy(projectId, edited.name, body), `Default strategy of ${edited.name} saved.`)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
