/** The explaining twin of check-constraints.ts: same checks, every constraint recorded. */
import { contextValue } from '../context-value';
import type { ConstraintExplanation, SegmentExplanation } from '../explanation';
import type { Runtime } from '../runtime';
import type { EvaluationConstraint, EvaluationContext, EvaluationStrategy } from '../types';
import { checkConstraint } from './check-constraints';
import { OPERATORS } from './operators';
import { regexProblem } from './regex-operator';

function explainConstraint(constraint: EvaluationConstraint, context: EvaluationContext, runtime: Runtime): ConstraintExplanation {
  const isDate = constraint.operator === 'DATE_AFTER' || constraint.operator === 'DATE_BEFORE';
  const value = isDate ? dateValue(context, runtime) : contextValue(context, constraint.contextName);
  const copy = { ...constraint, ...(constraint.values && { values: [...constraint.values] }) };
  const out: ConstraintExplanation = { constraint: copy, result: checkConstraint(constraint, context, runtime) };
  if (value !== undefined) out.contextValue = value;
  const problem = !OPERATORS.has(constraint.operator)
    ? `unknown operator ${constraint.operator}`
    : constraint.operator === 'REGEX'
      ? regexProblem(runtime.regexes, constraint, value)
      : undefined;
  if (problem) out.problem = problem;
  return out;
}

function dateValue(context: EvaluationContext, runtime: Runtime): string {
  const time = context.currentTime ? new Date(context.currentTime) : runtime.now();
  return Number.isNaN(time.getTime()) ? String(context.currentTime) : time.toISOString();
}

function explainList(constraints: readonly EvaluationConstraint[] | undefined, context: EvaluationContext, runtime: Runtime) {
  const list = (constraints ?? []).filter((c) => !!c).map((c) => explainConstraint(c, context, runtime));
  return { list, result: list.length === (constraints ?? []).length && list.every((c) => c.result) };
}

/** Every constraint of a strategy and of its segments, each checked; `result` as constraintsHold. */
export function explainConstraints(strategy: EvaluationStrategy, context: EvaluationContext, runtime: Runtime) {
  const own = explainList(strategy.constraints, context, runtime);
  const segments = (strategy.segments ?? []).map((id): SegmentExplanation => {
    const segment = runtime.segments.get(id);
    if (!segment) return { id, found: false, constraints: [], result: false };
    const { list, result } = explainList(segment.constraints, context, runtime);
    const out: SegmentExplanation = { id, found: true, constraints: list, result };
    if (segment.name !== undefined) out.name = segment.name;
    return out;
  });
  return { constraints: own.list, segments, result: own.result && segments.every((s) => s.result) };
}
