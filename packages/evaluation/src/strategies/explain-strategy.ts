/** The explaining twin of strategyMatches: the same checks in the same order, recorded. */
import { explainConstraints } from '../constraints/explain-constraints';
import type { StrategyExplanation } from '../explanation';
import type { Runtime } from '../runtime';
import type { EvaluationContext, EvaluationStrategy } from '../types';
import { STRATEGIES } from './strategies';

/** A strategy listed without being evaluated: disabled, or after the one that matched. */
export function skippedStrategy(strategy: EvaluationStrategy, index: number): StrategyExplanation {
  const out: StrategyExplanation = {
    index,
    name: strategy.name,
    parameters: { ...strategy.parameters },
    disabled: strategy.disabled === true,
    evaluated: false,
    known: STRATEGIES.has(strategy.name),
    constraints: [],
    segments: [],
    constraintsResult: false,
    result: false,
  };
  if (strategy.id !== undefined) out.id = strategy.id;
  return out;
}

export function explainStrategy(
  strategy: EvaluationStrategy,
  index: number,
  context: EvaluationContext,
  runtime: Runtime,
): StrategyExplanation {
  const out = { ...skippedStrategy(strategy, index), evaluated: true };
  const rule = STRATEGIES.get(strategy.name);
  if (!rule) return out;
  const { constraints, segments, result } = explainConstraints(strategy, context, runtime);
  Object.assign(out, { constraints, segments, constraintsResult: result });
  if (result) {
    out.strategyResult = rule(out.parameters, context, runtime);
    out.result = out.strategyResult;
  }
  return out;
}
