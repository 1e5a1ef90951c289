import type { Runtime } from '../runtime';
import type { EvaluationConstraint, EvaluationContext, EvaluationStrategy } from '../types';
import { OPERATORS } from './operators';

/** One constraint: its operator, then `inverted`. An unknown operator fails, inverted or not. */
export function checkConstraint(constraint: EvaluationConstraint, context: EvaluationContext, runtime: Runtime): boolean {
  const operator = OPERATORS.get(constraint.operator);
  if (!operator) return false;
  const result = operator(constraint, context, runtime);
  return constraint.inverted ? !result : result;
}

/**
 * Whether a strategy's constraints all hold: its own, then those of each segment it names, in order,
 * stopping at the first that fails. A segment the state does not have fails, as in the SDKs.
 */
export function constraintsHold(strategy: EvaluationStrategy, context: EvaluationContext, runtime: Runtime): boolean {
  for (const constraint of strategy.constraints ?? []) {
    if (!constraint || !checkConstraint(constraint, context, runtime)) return false;
  }
  for (const id of strategy.segments ?? []) {
    const segment = runtime.segments.get(id);
    if (!segment) return false;
    for (const constraint of segment.constraints ?? []) {
      if (!constraint || !checkConstraint(constraint, context, runtime)) return false;
    }
  }
  return true;
}
