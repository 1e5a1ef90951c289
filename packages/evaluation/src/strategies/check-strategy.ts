import { constraintsHold } from '../constraints/check-constraints';
import type { Runtime } from '../runtime';
import type { EvaluationContext, EvaluationStrategy, EvaluationVariant } from '../types';
import { selectVariant } from '../variants/select-variant';
import { STRATEGIES } from './strategies';

/** Whether one strategy turns its flag on: a built-in one whose constraints hold and whose rule does. */
export function strategyMatches(strategy: EvaluationStrategy, context: EvaluationContext, runtime: Runtime): boolean {
  const rule = STRATEGIES.get(strategy.name);
  if (!rule) return false;
  return constraintsHold(strategy, context, runtime) && rule(strategy.parameters ?? {}, context, runtime);
}

/**
 * The variant a matching strategy hands out: from its own variants, with the first variant's
 * stickiness (else the strategy's) and the strategy's groupId; null when it has none to give, and the
 * flag's variants apply.
 */
export function strategyVariant(strategy: EvaluationStrategy, context: EvaluationContext, runtime: Runtime): EvaluationVariant | null {
  const variants = strategy.variants;
  if (!Array.isArray(variants) || variants.length === 0) return null;
  const parameters = strategy.parameters ?? {};
  const stickiness = variants[0]?.stickiness || parameters.stickiness;
  return selectVariant(variants, parameters.groupId, stickiness, context, runtime);
}
