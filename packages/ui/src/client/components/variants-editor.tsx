import { useState } from 'preact/hooks';
import { putVariants, type EnvironmentRef } from '../config-writes';
import type { Variant } from '../types';
import type { Commit } from '../use-feature-editing';
import { VariantBar } from './variant-bar';
import { fromVariantDraft, toVariantDraft, VariantRows, type VariantDraft } from './variant-rows';

/** The payloads and overrides of the variants that have some, in words. */
function VariantDetails({ variants }: { variants: Variant[] }) {
  const detailed = variants.filter((v) => v.payload || v.overrides?.length);
  if (!detailed.length) return null;
  return (
    <ul class="plain-list small variant-details">
      {detailed.map((v) => (
        <li key={v.name}>
          <strong>{v.name}</strong>
          {v.payload ? (
            <>
              {' '}
              · payload {v.payload.type} <code>{v.payload.value}</code>
            </>
          ) : null}
          {(v.overrides ?? []).map((o) => ` · always for ${o.contextName} ${o.values.join(', ')}`)}
        </li>
      ))}
    </ul>
  );
}

/** The variants of one environment as a bar and a table; "Edit variants" edits the whole set. */
export function VariantsEditor({
  target,
  variants,
  busy,
  commit,
}: {
  target: EnvironmentRef;
  variants: Variant[];
  busy: boolean;
  commit: Commit;
}) {
  const [drafts, setDrafts] = useState<VariantDraft[] | null>(null);
  const [stickiness, setStickiness] = useState(variants[0]?.stickiness ?? 'default');
  const where = target.environment;

  if (!drafts) {
    return (
      <div class="variants">
        {variants.length ? <VariantBar variants={variants} /> : <p class="muted small">No variants.</p>}
        <VariantDetails variants={variants} />
        <button
          type="button"
          disabled={busy}
          aria-label={`Edit variants in ${where}`}
          onClick={() => {
            setStickiness(variants[0]?.stickiness ?? 'default');
            setDrafts(variants.map(toVariantDraft));
          }}
        >
          Edit variants
        </button>
      </div>
    );
  }

  return (
    <form
      class="variants-form"
      aria-label={`Variants in ${where}`}
      onSubmit={async (e) => {
        e.preventDefault();
        const body = drafts.map((d) => fromVariantDraft(d, stickiness, true));
        if (await commit('Variants', (ifMatch) => putVariants(target, body, ifMatch))) setDrafts(null);
      }}
    >
      <VariantRows
        idPrefix={`v-${where}`}
        drafts={drafts}
        onChange={setDrafts}
        stickiness={stickiness}
        onStickiness={setStickiness}
        withOverrides
      />
      <div class="form-row">
        <button type="submit" class="primary" disabled={busy}>
          Save variants
        </button>
        <button type="button" onClick={() => setDrafts(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
