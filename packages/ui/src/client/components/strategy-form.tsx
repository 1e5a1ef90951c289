import { useState } from 'preact/hooks';
import type { StrategyBody } from '../config-writes';
import { defaultParameters, STRATEGY_KINDS, stickinessOptions, strategyKind, type ParameterField } from '../flag-config';
import { useStickyFieldNames } from '../context-fields';
import type { Segment, Strategy } from '../types';
import { ConstraintsEditor, fromDraft, toDraft, type ConstraintDraft } from './constraints-editor';
import { SegmentsPicker } from './segments-picker';
import { SelectField } from './select-field';
import { fromVariantDraft, toVariantDraft, VariantRows, type VariantDraft } from './variant-rows';

interface Props {
  /** Unique on the page: prefixes the ids of the controls. */
  idPrefix: string;
  /** Names the form, e.g. "New strategy in production". */
  label: string;
  featureName: string;
  /** The strategy edited, or undefined for a new one. */
  strategy: Strategy | undefined;
  segments: Segment[];
  busy: boolean;
  onSubmit(body: StrategyBody): Promise<boolean>;
  onCancel(): void;
  /** Offer only these strategy kinds (a project's default strategy is a gradual rollout); all when absent. */
  kinds?: readonly string[];
}

function ParameterInput({ id, field, value, onChange }: { id: string; field: ParameterField; value: string; onChange(v: string): void }) {
  const sticky = useStickyFieldNames();
  if (field.kind === 'percent') {
    return (
      <div class="field">
        <label for={id}>{field.label}</label>
        <span class="slider">
          <input
            id={id}
            type="range"
            min={0}
            max={100}
            step={1}
            value={value}
            aria-valuetext={`${value} %`}
            onInput={(e) => onChange(e.currentTarget.value)}
          />
          <output for={id}>{value} %</output>
        </span>
      </div>
    );
  }
  if (field.kind === 'stickiness')
    return <SelectField id={id} label={field.label} value={value} options={stickinessOptions(value, sticky)} onChange={onChange} />;
  return (
    <div class="field grow">
      <label for={id}>{field.label}</label>
      <input id={id} value={value} required={field.kind === 'list'} onInput={(e) => onChange(e.currentTarget.value)} />
    </div>
  );
}

/** Adds or edits one strategy: its kind, parameters (a slider for percentages), constraints and segments. */
export function StrategyForm(props: Props) {
  const initial = props.strategy;
  const [name, setName] = useState(initial?.name ?? 'flexibleRollout');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [disabled, setDisabled] = useState(initial?.disabled === true);
  const [parameters, setParameters] = useState<Record<string, string>>(() => ({
    ...defaultParameters(name, props.featureName),
    ...initial?.parameters,
  }));
  const [constraints, setConstraints] = useState<ConstraintDraft[]>(() => (initial?.constraints ?? []).map(toDraft));
  const [segments, setSegments] = useState<number[]>(initial?.segments ?? []);
  const [variants, setVariants] = useState<VariantDraft[]>(() => (initial?.variants ?? []).map(toVariantDraft));
  const [variantStickiness, setVariantStickiness] = useState(
    initial?.variants?.[0]?.stickiness ?? initial?.parameters?.['stickiness'] ?? 'default',
  );
  const kind = strategyKind(name);
  const id = props.idPrefix;

  function changeKind(next: string) {
    setName(next);
    setParameters(defaultParameters(next, props.featureName));
  }

  return (
    <form
      class="strategy-form"
      aria-label={props.label}
      onSubmit={async (e) => {
        e.preventDefault();
        const body: StrategyBody = {
          name,
          disabled,
          parameters: Object.fromEntries((kind?.parameters ?? []).map((p) => [p.name, (parameters[p.name] ?? '').trim()])),
          constraints: constraints.map(fromDraft),
          segments,
          ...(title.trim() ? { title: title.trim() } : {}),
          variants: variants.map((v) => fromVariantDraft(v, variantStickiness, false)),
        };
        if (await props.onSubmit(body)) props.onCancel();
      }}
    >
      <div class="form-row">
        <SelectField
          id={`${id}-kind`}
          label="Strategy"
          value={name}
          options={STRATEGY_KINDS.filter((k) => !props.kinds || props.kinds.includes(k.name)).map((k) => ({
            value: k.name,
            label: k.label,
          }))}
          onChange={changeKind}
        />
        <div class="field grow">
          <label for={`${id}-title`}>Title (optional)</label>
          <input id={`${id}-title`} value={title} maxLength={255} onInput={(e) => setTitle(e.currentTarget.value)} />
        </div>
        <label class="check">
          <input type="checkbox" checked={disabled} onChange={(e) => setDisabled(e.currentTarget.checked)} /> Paused (disabled)
        </label>
      </div>
      {kind && kind.parameters.length > 0 ? (
        <div class="form-row">
          {kind.parameters.map((field) => (
            <ParameterInput
              key={field.name}
              id={`${id}-p-${field.name}`}
              field={field}
              value={parameters[field.name] ?? ''}
              onChange={(v) => setParameters((p) => ({ ...p, [field.name]: v }))}
            />
          ))}
        </div>
      ) : null}
      <ConstraintsEditor idPrefix={id} constraints={constraints} onChange={setConstraints} />
      <SegmentsPicker idPrefix={id} segments={props.segments} selected={segments} onChange={setSegments} />
      <fieldset class="strategy-variants">
        <legend>Strategy variants</legend>
        {variants.length === 0 ? <p class="muted small">None: the flag's environment variants apply.</p> : null}
        <VariantRows
          idPrefix={`${id}-v`}
          drafts={variants}
          onChange={setVariants}
          stickiness={variantStickiness}
          onStickiness={setVariantStickiness}
          withOverrides={false}
        />
      </fieldset>
      <div class="form-row">
        <button type="submit" class="primary" disabled={props.busy}>
          Save strategy
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
