import { deleteFeatures, reviveFeatures } from '../feature-lifecycle';
import type { Action } from '../use-action';
import { ConfirmButton } from './confirm-button';
import { flagCount, SelectionPanel } from './selection-panel';

const names = (list: readonly string[]) => list.join(', ');

/**
 * What the archive does with the flags ticked, each as one batch of the API (all or none): revive them
 * (they come back off in every environment), or delete them for good after a second question naming them.
 * `onDone` clears the ticks and reloads the archive after a write.
 */
export function ArchivedFlagsActions(props: { projectId: string; selected: string[]; action: Action; onDone(): void }) {
  const { projectId, selected, action } = props;
  const count = flagCount(selected.length);
  const run = async (write: () => Promise<unknown>, done: string) => {
    const ok = await action.run(write, done);
    if (ok) props.onDone();
    return ok;
  };

  return (
    <SelectionPanel
      id="archive-selected-heading"
      level={2}
      selected={selected.length}
      hint="Tick archived flags to revive or delete several at once."
    >
      <div class="inline-form">
        <button
          type="button"
          disabled={selected.length === 0 || action.busy}
          onClick={() =>
            void run(() => reviveFeatures(projectId, selected), `${count} revived (off in every environment): ${names(selected)}.`)
          }
        >
          Revive selected
        </button>
        <ConfirmButton
          key={names(selected)}
          text="Delete selected for good"
          label={`Delete selected for good: ${count}`}
          question={`Delete ${names(selected)} for good? They cannot be revived afterwards; their names become free and their history stays.`}
          confirm={`Yes, delete ${count}`}
          busy={action.busy}
          disabled={selected.length === 0 || action.busy}
          onConfirm={() => run(() => deleteFeatures(projectId, selected), `${count} deleted: ${names(selected)}.`)}
        />
      </div>
    </SelectionPanel>
  );
}
