export type { Evaluator, EvaluatorOptions } from './evaluator';
export { createEvaluator } from './evaluator';
export type {
  ConstraintExplanation,
  DependencyExplanation,
  ExplainedEvaluation,
  FlagExplanation,
  SegmentExplanation,
  StrategyExplanation,
} from './explanation';
export { REGEX_LIMITS } from './constraints/regex-operator';
export { normalizedValue, STRATEGY_SEED, VARIANT_SEED } from './hash';
export type {
  EvaluationConstraint,
  EvaluationContext,
  EvaluationDependency,
  EvaluationFeature,
  EvaluationPayload,
  EvaluationSegment,
  EvaluationState,
  EvaluationStrategy,
  EvaluationVariant,
  FlagEvaluation,
  VariantResult,
} from './types';
