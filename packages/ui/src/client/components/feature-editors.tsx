import { useEffect, useState } from 'preact/hooks';
import type { PatchOperation } from '../feature-writes';
import type { Feature } from '../types';
import { TagList } from './feature-bits';

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

export function TagsEditor({ feature, busy, onSave }: { feature: Feature; busy: boolean; onSave: Save }) {
  const tags = feature.tags ?? [];
  const [type, setType] = useState('simple');
  const [value, setValue] = useState('');
  return (
    <section aria-labelledby="tags-heading">
      <h2 id="tags-heading">Tags</h2>
      <TagList tags={tags} />
      {tags.length > 0 ? (
        <ul class="plain-list inline">
          {tags.map((t, i) => (
            <li key={JSON.stringify([t.type, t.value])}>
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  void onSave(
                    [
                      { op: 'test', path: `/tags/${i}`, value: t },
                      { op: 'remove', path: `/tags/${i}` },
                    ],
                    'Tag removal',
                  )
                }
              >
                Remove tag {t.type === 'simple' ? t.value : `${t.type}: ${t.value}`}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        class="inline-form"
        onSubmit={async (e) => {
          e.preventDefault();
          const tag = { type: type.trim() || 'simple', value: value.trim() };
          if (!tag.value) return;
          const patch: PatchOperation[] = feature.tags
            ? [{ op: 'add', path: '/tags/-', value: tag }]
            : [{ op: 'add', path: '/tags', value: [tag] }];
          if (await onSave(patch, 'Tag')) setValue('');
        }}
      >
        <div class="field">
          <label for="tag-type">Tag type</label>
          <input id="tag-type" value={type} onInput={(e) => setType(e.currentTarget.value)} size={10} />
        </div>
        <div class="field">
          <label for="tag-value">Tag value</label>
          <input id="tag-value" value={value} onInput={(e) => setValue(e.currentTarget.value)} size={16} />
        </div>
        <button type="submit" disabled={busy || !value.trim()}>
          Add tag
        </button>
      </form>
    </section>
  );
}
