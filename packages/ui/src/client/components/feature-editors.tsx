import { useEffect, useState } from 'preact/hooks';
import type { PatchOperation } from '../feature-writes';
import type { Feature } from '../types';

type Save = (patch: PatchOperation[], what: string) => Promise<boolean>;

export function DescriptionEditor({ feature, busy, onSave }: { feature: Feature; busy: boolean; onSave: Save }) {
  const [text, setText] = useState(feature.description ?? '');
  // A reload (or a save answered with the new document) shows the current description again.
  useEffect(() => setText(feature.description ?? ''), [feature.description]);
  const dirty = text !== (feature.description ?? '');
  return (
    <section aria-labelledby="description-heading">
      <h2 id="description-heading">Description</h2>
      <p class="muted small" data-testid="description-text">
        {feature.description ? feature.description : 'No description.'}
      </p>
      <form
        class="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave([{ op: 'replace', path: '/description', value: text }], 'Description');
        }}
      >
        <label for="description">Edit the description</label>
        <textarea id="description" rows={3} value={text} onInput={(e) => setText(e.currentTarget.value)} />
        <div>
          <button type="submit" class="primary" disabled={busy || !dirty}>
            Save description
          </button>
        </div>
      </form>
    </section>
  );
}
