/** Shared by the unit tests: one constraint or strategy through our engine, and through unleash-client as the judge. */
import { createRequire } from 'node:module';
import { createEvaluator, type EvaluationConstraint, type EvaluationContext, type EvaluationStrategy } from '@flagadmin/evaluation';

const require = createRequire(import.meta.url);
export const sdkStrategy: typeof import('unleash-client/lib/strategy/strategy') = require('unleash-client/lib/strategy/strategy');
export const sdkUtil: typeof import('unleash-client/lib/strategy/util') = require('unleash-client/lib/strategy/util');
export const sdkRemoteAddress: typeof import('unleash-client/lib/strategy/remote-addresss-strategy') = require('unleash-client/lib/strategy/remote-addresss-strategy');

/** Whether a flag with one `default` strategy holding this one constraint is on for the context. */
export function constraintHolds(constraint: EvaluationConstraint, context: EvaluationContext): boolean {
  return strategyHolds({ name: 'default', constraints: [constraint] }, context);
}

export function strategyHolds(strategy: EvaluationStrategy, context: EvaluationContext): boolean {
  const evaluator = createEvaluator({ features: [{ name: 'f', enabled: true, strategies: [strategy] }] });
  return evaluator.evaluate('f', context)!.enabled;
}

/** unleash-client's own verdict on one constraint. */
export function sdkConstraintHolds(constraint: EvaluationConstraint, context: EvaluationContext): boolean {
  const judge = new sdkStrategy.Strategy('judge', true);
  return judge.checkConstraint(constraint as never, context as never);
}
