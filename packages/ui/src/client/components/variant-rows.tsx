import { PAYLOAD_TYPES, sharedWeights, stickinessOptions, weightPercent } from '../flag-config';
import { useStickyFieldNames } from '../context-fields';
import type { Variant } from '../types';
import { fromOverrideDraft, OverridesEditor, toOverrideDraft, type OverrideDraft } from './overrides-editor';
import { SelectField } from './select-field';
import { VariantBar } from './variant-bar';

/** A variant as the form holds it: a fix weight as a percentage, the payload as type + text. */
export interface VariantDraft {
  name: string;
  fixed: boolean;
  percent: string;
  payloadType: string;
  payloadValue: string;
  overrides: OverrideDraft[];
}

export const toVariantDraft = (v: Variant): VariantDraft => ({
  name: v.name,
  fixed: v.weightType === 'fix',
  percent: String(v.weight / 10),
  payloadType: v.payload?.type ?? '',
  payloadValue: v.payload?.value ?? '',
  overrides: (v.overrides ?? []).map(toOverrideDraft),
});

const weightOf = (d: VariantDraft) => Math.round(Number(d.percent) * 10) || 0;

export function fromVariantDraft(d: VariantDraft, stickiness: string, withOverrides: boolean): Variant {
  return {
    name: d.name.trim(),
    weightType: d.fixed ? 'fix' : 'variable',
    weight: d.fixed ? weightOf(d) : 0,
    stickiness,
    ...(d.payloadType ? { payload: { type: d.payloadType, value: d.payloadValue } } : {}),
    ...(withOverrides ? { overrides: d.overrides.map(fromOverrideDraft) } : {}),
  };
}

const NEW_VARIANT: VariantDraft = { name: '', fixed: false, percent: '0', payloadType: '', payloadValue: '', overrides: [] };

interface Props {
  idPrefix: string;
  drafts: VariantDraft[];
  onChange(next: VariantDraft[]): void;
  stickiness: string;
  onStickiness(next: string): void;
  /** Environment variants have overrides; a strategy's own do not. */
  withOverrides: boolean;
}

/**
 * The rows of a variant set being edited, with its bar following as you type (the shares the API will
 * store), Add variant and the set's stickiness. Used by the environment's and a strategy's variants.
 */
export function VariantRows({ idPrefix, drafts, onChange, stickiness, onStickiness, withOverrides }: Props) {
  const sticky = useStickyFieldNames();
  const update = (i: number, change: Partial<VariantDraft>) => onChange(drafts.map((d, j) => (j === i ? { ...d, ...change } : d)));
  const weights = sharedWeights(drafts.map((d) => ({ weight: weightOf(d), weightType: d.fixed ? 'fix' : 'variable' })));
  return (
    <>
      <VariantBar variants={drafts.map((d, i) => ({ name: d.name, weight: weights[i]! }))} />
      {drafts.map((d, i) => {
        const vid = `${idPrefix}-${i}`;
        return (
          <fieldset key={i} class="variant-row">
            <legend>Variant {i + 1}</legend>
            <div class="field">
              <label for={`${vid}-name`}>Name</label>
              <input
                id={`${vid}-name`}
                value={d.name}
                required
                maxLength={255}
                onInput={(e) => update(i, { name: e.currentTarget.value })}
              />
            </div>
            <label class="check">
              <input
                type="checkbox"
                checked={d.fixed}
                onChange={(e) => update(i, { fixed: e.currentTarget.checked, percent: String(weights[i]! / 10) })}
              />{' '}
              Fixed weight
            </label>
            <div class="field">
              <label for={`${vid}-weight`}>Weight (%)</label>
              {d.fixed ? (
                <input
                  id={`${vid}-weight`}
                  type="number"
                  min={0}
                  max={100}
                  step={0.1}
                  value={d.percent}
                  onInput={(e) => update(i, { percent: e.currentTarget.value })}
                />
              ) : (
                <output id={`${vid}-weight`}>{weightPercent(weights[i]!)}</output>
              )}
            </div>
            <SelectField
              id={`${vid}-ptype`}
              label="Payload"
              value={d.payloadType}
              any="none"
              options={PAYLOAD_TYPES}
              onChange={(payloadType) => update(i, { payloadType })}
            />
            {d.payloadType ? (
              <div class="field grow">
                <label for={`${vid}-pvalue`}>Payload value</label>
                <input id={`${vid}-pvalue`} value={d.payloadValue} onInput={(e) => update(i, { payloadValue: e.currentTarget.value })} />
              </div>
            ) : null}
            <button type="button" onClick={() => onChange(drafts.filter((_, j) => j !== i))}>
              Remove variant {i + 1}
            </button>
            {withOverrides ? (
              <OverridesEditor idPrefix={vid} overrides={d.overrides} onChange={(overrides) => update(i, { overrides })} />
            ) : null}
          </fieldset>
        );
      })}
      <div class="form-row">
        <button type="button" onClick={() => onChange([...drafts, NEW_VARIANT])}>
          Add variant
        </button>
        <SelectField
          id={`${idPrefix}-stickiness`}
          label="Variant stickiness"
          value={stickiness}
          options={stickinessOptions(stickiness, sticky)}
          onChange={onStickiness}
        />
      </div>
    </>
  );
}
