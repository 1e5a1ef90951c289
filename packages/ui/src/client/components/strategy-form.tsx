import { useState } from 'preact/hooks';
import type { StrategyBody } from '../config-writes';
import { defaultParameters, STRATEGY_KINDS, stickinessOptions, type ParameterField, type StrategyKind } from '../flag-config';
import { useStickyFieldNames } from '../context-fields';
import { customKind, useStrategyDefinitions } from '../strategy-definitions';
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
  if (field.kind === 'boolean') {
    return (
      <label class="check">
        <input id={id} type="checkbox" checked={value === 'true'} onChange={(e) => onChange(String(e.currentTarget.checked))} />{' '}
        {field.label}
      </label>
    );
  }
  return (
    <div class={field.kind === 'number' ? 'field' : 'field grow'}>
      <label for={id}>
        {field.label}
        {field.kind === 'list' && !field.label.includes('comma') ? ' (comma-separated)' : ''}
      </label>
      {field.kind === 'number' ? (
        <input
          id={id}
          type="number"
          step="any"
          value={value}
          required={field.required === true}
          onInput={(e) => onChange(e.currentTarget.value)}
        />
      ) : (
        <input id={id} value={value} required={field.required === true} onInput={(e) => onChange(e.currentTarget.value)} />
      )}
    </div>
  );
}

/**
 * The strategies the form offers: the built-ins (those `only` names, when given) and the custom
 * definitions, deprecated ones left out but for `current`, the strategy's own.
 */
function useStrategyKinds(current: string, only: readonly string[] | undefined): StrategyKind[] {
  const definitions = useStrategyDefinitions();
  const deprecated = new Set(definitions.filter((d) => d.deprecated && d.name !== current).map((d) => d.name));
  const builtIn = STRATEGY_KINDS.filter((k) => !deprecated.has(k.name));
  const custom = definitions.filter((d) => d.editable && !deprecated.has(d.name)).map(customKind);
  return [...builtIn, ...custom].filter((k) => !only || only.includes(k.name));
}

/** Adds or edits one strategy: its kind, parameters (a slider for percentages), constraints and segments. */
export function StrategyForm(props: Props) {
  const initial = props.strategy;
  const [name, setName] = useState(initial?.name ?? 'flexibleRollout');
  const kinds = useStrategyKinds(initial?.name ?? '', props.kinds);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [disabled, setDisabled] = useState(initial?.disabled === true);
  const [parameters, setParameters] = useState<Record<string, string>>(() => ({
    ...defaultParameters(
      STRATEGY_KINDS.find((k) => k.name === name),
      props.featureName,
    ),
    ...initial?.parameters,
  }));
  const [constraints, setConstraints] = useState<ConstraintDraft[]>(() => (initial?.constraints ?? []).map(toDraft));
  const [segments, setSegments] = useState<number[]>(initial?.segments ?? []);
  const [variants, setVariants] = useState<VariantDraft[]>(() => (initial?.variants ?? []).map(toVariantDraft));
  const [variantStickiness, setVariantStickiness] = useState(
    initial?.variants?.[0]?.stickiness ?? initial?.parameters?.['stickiness'] ?? 'default',
  );
  const kind = kinds.find((k) => k.name === name);
  const id = props.idPrefix;

  function changeKind(next: string) {
    setName(next);
    setParameters(
      defaultParameters(
        kinds.find((k) => k.name === next),
        props.featureName,
      ),
    );
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
          // Until a custom strategy's definition is loaded, its parameters go back as they came.
          parameters: kind ? Object.fromEntries(kind.parameters.map((p) => [p.name, (parameters[p.name] ?? '').trim()])) : parameters,
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
          options={[
            ...kinds.map((k) => ({ value: k.name, label: k.label })),
            // A strategy whose definition is not loaded (yet) keeps its name.
            ...(kind ? [] : [{ value: name, label: name }]),
          ]}
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
