import { useState } from 'preact/hooks';
import { addFeatureTag, listTagTypes, removeFeatureTag, tagColors, tagText } from '../tags';
import type { Feature, Tag } from '../types';
import type { Commit } from '../use-feature-editing';
import { useResource } from '../use-resource';
import { TagList } from './feature-bits';
import { SelectField } from './select-field';

/**
 * A flag's tags with their types' colours: removed one by one, added with a type picked from the tag
 * types (the API refuses a type that does not exist). Each write reads the flag again.
 */
export function FeatureTags({ feature, busy, commit }: { feature: Feature; busy: boolean; commit: Commit }) {
  const tags = feature.tags ?? [];
  const types = useResource(listTagTypes, []);
  const colors = tagColors(types.data);
  const [type, setType] = useState('simple');
  const [value, setValue] = useState('');
  const write = (what: string, call: () => Promise<unknown>) => commit(what, async () => (await call(), null));
  const add = async (tag: Tag) => {
    if (await write(`Tag ${tagText(tag)}`, () => addFeatureTag(feature.name, tag))) setValue('');
  };
  return (
    <section aria-labelledby="tags-heading">
      <h2 id="tags-heading">Tags</h2>
      <TagList tags={tags} colors={colors} />
      {tags.length > 0 ? (
        <ul class="plain-list inline">
          {tags.map((t) => (
            <li key={JSON.stringify([t.type, t.value])}>
              <button
                type="button"
                disabled={busy}
                onClick={() => void write(`Removal of tag ${tagText(t)}`, () => removeFeatureTag(feature.name, t))}
              >
                Remove tag {tagText(t)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        class="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) void add({ type, value: value.trim() });
        }}
      >
        <SelectField
          id="tag-type"
          label="Tag type"
          value={type}
          options={(types.data ?? [{ name: 'simple' }]).map((t) => t.name)}
          onChange={setType}
        />
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
