import { useState } from 'preact/hooks';
import { cloneFeature } from '../feature-lifecycle';
import { href } from '../router';
import { useAction } from '../use-action';
import { ActionNotices } from './confirm-button';
import { FlagNameField } from './flag-name-field';

/**
 * Clones the flag under a new name (the create form's name rule): its strategies, variants, tags and
 * parents come along, off everywhere. The new flag opens once created.
 */
export function CloneFeatureForm({ projectId, featureName }: { projectId: string; featureName: string }) {
  const [name, setName] = useState('');
  const action = useAction();
  return (
    <section aria-labelledby="clone-heading">
      <h2 id="clone-heading">Clone</h2>
      <p class="muted small">A copy with its strategies, variants, tags and dependencies, off in every environment.</p>
      <form
        class="inline-form"
        onSubmit={async (e) => {
          e.preventDefault();
          const newName = name.trim();
          if (await action.run(() => cloneFeature(projectId, featureName, newName)))
            location.hash = href('projects', projectId, 'features', newName);
        }}
      >
        <FlagNameField id="clone-name" label="Name of the copy" value={name} onInput={setName} />
        <button type="submit" disabled={action.busy}>
          Clone flag
        </button>
      </form>
      <ActionNotices action={action} />
    </section>
  );
}
