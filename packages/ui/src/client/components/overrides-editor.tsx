import { useProjectContextFields } from '../context-fields';
import type { Variant } from '../types';

/** An override as the form holds it: its values as text, one per line. */
export interface OverrideDraft {
  contextName: string;
  text: string;
}

type Override = NonNullable<Variant['overrides']>[number];

export const toOverrideDraft = (o: Override): OverrideDraft => ({ contextName: o.contextName, text: o.values.join('\n') });
export const fromOverrideDraft = (d: OverrideDraft): Override => ({
  contextName: d.contextName.trim(),
  values: d.text
    .split('\n')
    .map((v) => v.trim())
    .filter(Boolean),
});

/** The overrides of one variant: contexts whose field has one of the values always get this variant. */
export function OverridesEditor({
  idPrefix,
  overrides,
  onChange,
}: {
  idPrefix: string;
  overrides: OverrideDraft[];
  onChange(next: OverrideDraft[]): void;
}) {
  const update = (i: number, change: Partial<OverrideDraft>) => onChange(overrides.map((o, j) => (j === i ? { ...o, ...change } : o)));
  const fields = useProjectContextFields();
  return (
    <div class="overrides">
      {overrides.map((o, i) => {
        const id = `${idPrefix}-o${i}`;
        return (
          <fieldset key={i} class="override">
            <legend>Override {i + 1}</legend>
            <div class="field">
              <label for={`${id}-field`}>Context field</label>
              <input
                id={`${id}-field`}
                list={`${idPrefix}-fields`}
                value={o.contextName}
                required
                maxLength={100}
                onInput={(e) => update(i, { contextName: e.currentTarget.value })}
              />
            </div>
            <div class="field grow">
              <label for={`${id}-values`}>Values (one per line)</label>
              <textarea id={`${id}-values`} rows={2} value={o.text} onInput={(e) => update(i, { text: e.currentTarget.value })} />
            </div>
            <button type="button" onClick={() => onChange(overrides.filter((_, j) => j !== i))}>
              Remove override {i + 1}
            </button>
          </fieldset>
        );
      })}
      <datalist id={`${idPrefix}-fields`}>
        {fields.map((f) => (
          <option key={f.name} value={f.name} />
        ))}
      </datalist>
      <button type="button" onClick={() => onChange([...overrides, { contextName: 'userId', text: '' }])}>
        Add override
      </button>
    </div>
  );
}
