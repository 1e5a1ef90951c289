import { type ContextField, useProjectContextFields } from '../context-fields';
import { CONSTRAINT_OPERATORS, takesCaseInsensitive, takesInverted, takesOneValue } from '../flag-config';
import type { Constraint } from '../types';

/** A constraint as the form holds it: list values as text, one per line. */
export interface ConstraintDraft {
  contextName: string;
  operator: string;
  text: string;
  inverted: boolean;
  caseInsensitive: boolean;
}

export const toDraft = (c: Constraint): ConstraintDraft => ({
  contextName: c.contextName,
  operator: c.operator,
  text: takesOneValue(c.operator) ? (c.value ?? '') : (c.values ?? []).join('\n'),
  inverted: c.inverted === true,
  caseInsensitive: c.caseInsensitive === true,
});

/** The constraint the API takes: `value` or `values` as the operator needs, flags only when set. */
export function fromDraft(d: ConstraintDraft): Constraint {
  const values = d.text
    .split('\n')
    .map((v) => v.trim())
    .filter(Boolean);
  return {
    contextName: d.contextName.trim(),
    operator: d.operator,
    // A REGEX pattern is kept as typed: spaces at its ends are part of it.
    ...(takesOneValue(d.operator) ? { value: d.operator === 'REGEX' ? d.text : d.text.trim() } : { values }),
    ...(d.inverted && takesInverted(d.operator) ? { inverted: true } : {}),
    ...(d.caseInsensitive && takesCaseInsensitive(d.operator) ? { caseInsensitive: true } : {}),
  };
}

const NEW_CONSTRAINT: ConstraintDraft = { contextName: 'userId', operator: 'IN', text: '', inverted: false, caseInsensitive: false };

/** Constraints in words, e.g. `email ends with .org, .net` (for lists and summaries). */
export function describeConstraint(c: Constraint): string {
  const op = CONSTRAINT_OPERATORS.find((o) => o.operator === c.operator)?.label ?? c.operator;
  const values = takesOneValue(c.operator) ? (c.value ?? '') : (c.values ?? []).join(', ');
  return `${c.contextName} ${c.inverted ? 'NOT ' : ''}${op} ${values}${c.caseInsensitive ? ' (any case)' : ''}`;
}

/** Editable list of constraints: context field, operator, value(s), inverted, case-insensitive. */
export function ConstraintsEditor({
  idPrefix,
  constraints,
  onChange,
}: {
  idPrefix: string;
  constraints: ConstraintDraft[];
  onChange(next: ConstraintDraft[]): void;
}) {
  const update = (i: number, change: Partial<ConstraintDraft>) => onChange(constraints.map((c, j) => (j === i ? { ...c, ...change } : c)));
  const listId = `${idPrefix}-context-fields`;
  const fields = useProjectContextFields();
  const legal = (name: string): ContextField['legalValues'] => fields.find((f) => f.name === name.trim())?.legalValues ?? [];
  return (
    <fieldset class="constraints">
      <legend>Constraints</legend>
      <datalist id={listId}>
        {fields.map((f) => (
          <option key={f.name} value={f.name}>
            {f.description}
          </option>
        ))}
      </datalist>
      {constraints.length === 0 ? <p class="muted small">No constraints: the strategy applies to every context.</p> : null}
      {constraints.map((c, i) => {
        const id = `${idPrefix}-c${i}`;
        const one = takesOneValue(c.operator);
        const legalValues = legal(c.contextName);
        const chosen = new Set(c.text.split('\n').map((v) => v.trim()));
        return (
          <fieldset key={i} class="constraint">
            <legend>Constraint {i + 1}</legend>
            <div class="field">
              <label for={`${id}-field`}>Context field</label>
              <input
                id={`${id}-field`}
                list={listId}
                value={c.contextName}
                required
                maxLength={100}
                onInput={(e) => update(i, { contextName: e.currentTarget.value })}
              />
            </div>
            <div class="field">
              <label for={`${id}-op`}>Operator</label>
              <select id={`${id}-op`} value={c.operator} onChange={(e) => update(i, { operator: e.currentTarget.value })}>
                {CONSTRAINT_OPERATORS.map((o) => (
                  <option key={o.operator} value={o.operator}>
                    {o.operator} ({o.label})
                  </option>
                ))}
              </select>
            </div>
            <div class="field grow">
              {one || !legalValues.length ? <label for={`${id}-values`}>{one ? 'Value' : 'Values (one per line)'}</label> : null}
              {one ? (
                <>
                  <input
                    id={`${id}-values`}
                    value={c.text}
                    required
                    list={legalValues.length ? `${id}-legal` : undefined}
                    onInput={(e) => update(i, { text: e.currentTarget.value })}
                  />
                  {legalValues.length ? (
                    <datalist id={`${id}-legal`}>
                      {legalValues.map((v) => (
                        <option key={v.value} value={v.value} />
                      ))}
                    </datalist>
                  ) : null}
                </>
              ) : legalValues.length ? (
                <fieldset id={`${id}-values`} class="legal-values">
                  <legend>Values (the legal values of {c.contextName})</legend>
                  {legalValues.map((v) => (
                    <label key={v.value} class="check">
                      <input
                        type="checkbox"
                        checked={chosen.has(v.value)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          const next = legalValues.map((l) => l.value).filter((x) => (x === v.value ? on : chosen.has(x)));
                          update(i, { text: next.join('\n') });
                        }}
                      />{' '}
                      {v.value}
                      {v.description ? <span class="muted small"> ({v.description})</span> : null}
                    </label>
                  ))}
                </fieldset>
              ) : (
                <textarea id={`${id}-values`} rows={2} value={c.text} onInput={(e) => update(i, { text: e.currentTarget.value })} />
              )}
            </div>
            {takesInverted(c.operator) ? (
              <label class="check">
                <input type="checkbox" checked={c.inverted} onChange={(e) => update(i, { inverted: e.currentTarget.checked })} /> Inverted
                (NOT)
              </label>
            ) : null}
            {takesCaseInsensitive(c.operator) ? (
              <label class="check">
                <input
                  type="checkbox"
                  checked={c.caseInsensitive}
                  onChange={(e) => update(i, { caseInsensitive: e.currentTarget.checked })}
                />{' '}
                Case-insensitive
              </label>
            ) : null}
            <button type="button" onClick={() => onChange(constraints.filter((_, j) => j !== i))}>
              Remove constraint {i + 1}
            </button>
          </fieldset>
        );
      })}
      <button type="button" onClick={() => onChange([...constraints, { ...NEW_CONSTRAINT }])}>
        Add constraint
      </button>
    </fieldset>
  );
}
