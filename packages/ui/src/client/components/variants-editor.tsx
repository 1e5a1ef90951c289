import { useState } from 'preact/hooks';
import { putVariants, type EnvironmentRef } from '../config-writes';
import { PAYLOAD_TYPES, sharedWeights, stickinessOptions, weightPercent } from '../flag-config';
import type { Variant } from '../types';
import type { Commit } from '../use-feature-editing';
import { fromOverrideDraft, OverridesEditor, toOverrideDraft, type OverrideDraft } from './overrides-editor';
import { SelectField } from './select-field';
import { VariantBar } from './variant-bar';

/** A variant as the form holds it: a fix weight as a percentage, the payload as type + text. */
interface VariantDraft {
  name: string;
  fixed: boolean;
  percent: string;
  payloadType: string;
  payloadValue: string;
  overrides: OverrideDraft[];
}

const toDraft = (v: Variant): VariantDraft => ({
  name: v.name,
  fixed: v.weightType === 'fix',
  percent: String(v.weight / 10),
  payloadType: v.payload?.type ?? '',
  payloadValue: v.payload?.value ?? '',
  overrides: (v.overrides ?? []).map(toOverrideDraft),
});

const weightOf = (d: VariantDraft) => Math.round(Number(d.percent) * 10) || 0;

function fromDraft(d: VariantDraft, stickiness: string): Variant {
  return {
    name: d.name.trim(),
    weightType: d.fixed ? 'fix' : 'variable',
    weight: d.fixed ? weightOf(d) : 0,
    stickiness,
    ...(d.payloadType ? { payload: { type: d.payloadType, value: d.payloadValue } } : {}),
    overrides: d.overrides.map(fromOverrideDraft),
  };
}

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
export function VariantsEditor({ target, variants, busy, commit }: { target: EnvironmentRef; variants: Variant[]; busy: boolean; commit: Commit }) {
  const [drafts, setDrafts] = useState<VariantDraft[] | null>(null);
  const [stickiness, setStickiness] = useState(variants[0]?.stickiness ?? 'default');
  const where = target.environment;
  const id = `v-${where}`;

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
            setDrafts(variants.map(toDraft));
          }}
        >
          Edit variants
        </button>
      </div>
    );
  }

  const update = (i: number, change: Partial<VariantDraft>) => setDrafts(drafts.map((d, j) => (j === i ? { ...d, ...change } : d)));
  const weights = sharedWeights(drafts.map((d) => ({ weight: weightOf(d), weightType: d.fixed ? 'fix' : 'variable' })));
  return (
    <form
      class="variants-form"
      aria-label={`Variants in ${where}`}
      onSubmit={async (e) => {
        e.preventDefault();
        const body = drafts.map((d) => fromDraft(d, stickiness));
        if (await commit('Variants', (ifMatch) => putVariants(target, body, ifMatch))) setDrafts(null);
      }}
    >
      <VariantBar variants={drafts.map((d, i) => ({ name: d.name, weight: weights[i]! }))} />
      {drafts.map((d, i) => {
        const vid = `${id}-${i}`;
        return (
          <fieldset key={i} class="variant-row">
            <legend>Variant {i + 1}</legend>
            <div class="field">
              <label for={`${vid}-name`}>Name</label>
              <input id={`${vid}-name`} value={d.name} required maxLength={255} onInput={(e) => update(i, { name: e.currentTarget.value })} />
            </div>
            <label class="check">
              <input type="checkbox" checked={d.fixed} onChange={(e) => update(i, { fixed: e.currentTarget.checked, percent: String(weights[i]! / 10) })} /> Fixed weight
            </label>
            <div class="field">
              <label for={`${vid}-weight`}>Weight (%)</label>
              {d.fixed ? (
                <input id={`${vid}-weight`} type="number" min={0} max={100} step={0.1} value={d.percent} onInput={(e) => update(i, { percent: e.currentTarget.value })} />
              ) : (
                <output id={`${vid}-weight`}>{weightPercent(weights[i]!)}</output>
              )}
            </div>
            <SelectField id={`${vid}-ptype`} label="Payload" value={d.payloadType} any="none" options={PAYLOAD_TYPES} onChange={(payloadType) => update(i, { payloadType })} />
            {d.payloadType ? (
              <div class="field grow">
                <label for={`${vid}-pvalue`}>Payload value</label>
                <input id={`${vid}-pvalue`} value={d.payloadValue} onInput={(e) => update(i, { payloadValue: e.currentTarget.value })} />
              </div>
            ) : null}
            <button type="button" onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}>
              Remove variant {i + 1}
            </button>
            <OverridesEditor idPrefix={vid} overrides={d.overrides} onChange={(overrides) => update(i, { overrides })} />
          </fieldset>
        );
      })}
      <div class="form-row">
        <button type="button" onClick={() => setDrafts([...drafts, { name: '', fixed: false, percent: '0', payloadType: '', payloadValue: '', overrides: [] }])}>
          Add variant
        </button>
        <SelectField id={`${id}-stickiness`} label="Variant stickiness" value={stickiness} options={stickinessOptions(stickiness)} onChange={setStickiness} />
      </div>
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
