import { useState } from 'preact/hooks';
import { markStale, switchFeatures } from '../feature-lifecycle';
import type { Feature } from '../types';
import { useAction } from '../use-action';
import { ArchiveFlags } from './archive-flags';
import { ActionNotices } from './confirm-button';
import { SelectField } from './select-field';
import { flagCount, SelectionPanel } from './selection-panel';

/**
 * What the project's flag table does with the flags ticked: on or off in one environment, stale or not,
 * archive (all or none: the API runs each as one batch). `onDone` reloads the flags after a write.
 */
export function SelectedFlagsActions(props: {
  projectId: string;
  selected: string[];
  features: Feature[];
  environments: string[];
  onDone(clear: boolean): void;
}) {
  const { projectId, selected } = props;
  const action = useAction();
  const [environment, setEnvironment] = useState(props.environments[0] ?? '');
  const count = flagCount(selected.length);
  const none = selected.length === 0 || action.busy;
  const run = async (write: () => Promise<unknown>, done: string) => {
    if (await action.run(write, done)) props.onDone(false);
  };

  return (
    <SelectionPanel id="selected-heading" level={3} selected={selected.length} hint="Tick flags in the table to act on several at once.">
      <div class="inline-form">
        {props.environments.length ? (
          <SelectField
            id="bulk-environment"
            label="Environment"
            value={environment}
            options={props.environments}
            onChange={setEnvironment}
          />
        ) : null}
        {([true, false] as const).map((on) => (
          <button
            key={`switch-${on}`}
            type="button"
            disabled={none || !environment}
            onClick={() =>
              void run(() => switchFeatures(projectId, environment, selected, on), `${count} ${on ? 'on' : 'off'} in ${environment}.`)
            }
          >
            Turn {on ? 'on' : 'off'}
          </button>
        ))}
        {([true, false] as const).map((stale) => (
          <button
            key={`stale-${stale}`}
            type="button"
            disabled={none}
            onClick={() => void run(() => markStale(projectId, selected, stale), `${count} ${stale ? 'marked stale' : 'no longer stale'}.`)}
          >
            {stale ? 'Mark stale' : 'Unmark stale'}
          </button>
        ))}
        <ArchiveFlags
          projectId={projectId}
          names={selected}
          features={async () => props.features}
          action={action}
          text="Archive"
          onArchived={() => props.onDone(true)}
        />
      </div>
      <ActionNotices action={action} />
    </SelectionPanel>
  );
}
