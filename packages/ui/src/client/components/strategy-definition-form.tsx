import { useState } from 'preact/hooks';
import {
  createStrategyDefinition,
  type ParameterDefinition,
  PARAMETER_TYPES,
  type StrategyDefinition,
  updateStrategyDefinition,
} from '../strategy-definitions';
import type { Action } from '../use-action';
import { SelectField } from './select-field';

const emptyParameter = (): ParameterDefinition => ({ name: '', type: 'string', description: '', required: false });

/** Defines a custom strategy, or edits one (its name stays): title, description and its parameters by type. */
export function StrategyDefinitionForm(props: { definition?: StrategyDefinition; action: Action; onSaved(): void; onCancel?(): void }) {
  const edited = props.definition;
  const [name, setName] = useState(edited?.name ?? '');
  const [title, setTitle] = useState(edited?.title ?? '');
  const [description, setDescription] = useState(edited?.description ?? '');
  const [parameters, setParameters] = useState<ParameterDefinition[]>(() => (edited?.parameters ?? []).map((p) => ({ ...p })));
  const id = edited ? `strategy-${edited.name}` : 'new-strategy';
  const heading = edited ? `Edit strategy ${edited.name}` : 'Define a custom strategy';
  const change = (i: number, patch: Partial<ParameterDefinition>) =>
    setParameters((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <form
        class="strategy-form"
        aria-label={heading}
        onSubmit={async (e) => {
          e.preventDefault();
          const body = {
            title: title.trim() || null,
            description: description.trim() || null,
            parameters: parameters.map((p) => ({ ...p, name: p.name.trim(), description: p.description.trim() })),
          };
          const saved = edited
            ? await props.action.run(() => updateStrategyDefinition(edited.name, body), `Strategy ${edited.name} saved.`)
            : await props.action.run(() => createStrategyDefinition({ name: name.trim(), ...body }), `Strategy ${name.trim()} created.`);
          if (!saved) return;
          if (!edited) {
            setName('');
            setTitle('');
            setDescription('');
            setParameters([]);
          }
          props.onSaved();
        }}
      >
        <div class="form-row">
          {edited ? null : (
            <div class="field">
              <label for={`${id}-name`}>Strategy name</label>
              <input
                id={`${id}-name`}
                required
                maxLength={100}
                pattern="[A-Za-z0-9._~!*'\(\)\-]+"
                aria-describedby={`${id}-name-hint`}
                value={name}
                onInput={(e) => setName(e.currentTarget.value)}
              />
            </div>
          )}
          <div class="field">
            <label for={`${id}-title`}>Title (optional)</label>
            <input id={`${id}-title`} maxLength={255} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
          </div>
          <div class="field grow">
            <label for={`${id}-description`}>Description (optional)</label>
            <input id={`${id}-description`} maxLength={1000} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
          </div>
        </div>
        {edited ? null : (
          <p id={`${id}-name-hint`} class="muted small">
            The name is what SDKs implement and cannot be changed: letters, digits and - . _ ~ only.
          </p>
        )}
        <fieldset>
          <legend>Parameters</legend>
          {parameters.length === 0 ? <p class="muted small">None yet.</p> : null}
          {parameters.map((p, i) => (
            <fieldset class="constraint" key={i}>
              <legend>Parameter {i + 1}</legend>
              <div class="form-row">
                <div class="field">
                  <label for={`${id}-p${i}-name`}>Parameter name</label>
                  <input
                    id={`${id}-p${i}-name`}
                    required
                    maxLength={100}
                    value={p.name}
                    onInput={(e) => change(i, { name: e.currentTarget.value })}
                  />
                </div>
                <SelectField
                  id={`${id}-p${i}-type`}
                  label="Type"
                  value={p.type}
                  options={PARAMETER_TYPES}
                  onChange={(type) => change(i, { type: type as ParameterDefinition['type'] })}
                />
                <div class="field grow">
                  <label for={`${id}-p${i}-description`}>Its description</label>
                  <input
                    id={`${id}-p${i}-description`}
                    maxLength={1000}
                    value={p.description}
                    onInput={(e) => change(i, { description: e.currentTarget.value })}
                  />
                </div>
                <label class="check">
                  <input type="checkbox" checked={p.required} onChange={(e) => change(i, { required: e.currentTarget.checked })} /> Required
                </label>
                <button
                  type="button"
                  aria-label={`Remove parameter ${i + 1}`}
                  onClick={() => setParameters((ps) => ps.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </div>
            </fieldset>
          ))}
          <button type="button" disabled={parameters.length >= 10} onClick={() => setParameters((ps) => [...ps, emptyParameter()])}>
            Add parameter
          </button>
        </fieldset>
        <div class="form-row">
          <button type="submit" class="primary" disabled={props.action.busy}>
            {edited ? 'Save strategy' : 'Create strategy'}
          </button>
          {props.onCancel ? (
            <button type="button" onClick={props.onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
