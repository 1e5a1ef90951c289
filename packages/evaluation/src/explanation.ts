/**
 * What `explain()` adds to an evaluation, for the playground: the dependencies, then strategy by
 * strategy, constraint by constraint, as evaluated. Strategies after the one that matched are listed
 * but not evaluated (`evaluated: false`), as the SDKs stop there; within an evaluated strategy every
 * constraint is checked and shown, even after one failed.
 */
import type { EvaluationConstraint, FlagEvaluation } from './types';

export interface ConstraintExplanation {
  constraint: EvaluationConstraint;
  /** The context value the constraint read (DATE_* read `currentTime`); absent when the context has none. */
  contextValue?: string;
  /** The result after `inverted`. */
  result: boolean;
  /** Why it could not match, when that is not the context's doing: an unknown operator, a REGEX bound. */
  problem?: string;
}

export interface SegmentExplanation {
  id: number;
  name?: string;
  /** False when the state has no segment of that id (the strategy then fails). */
  found: boolean;
  constraints: ConstraintExplanation[];
  result: boolean;
}

export interface StrategyExplanation {
  index: number;
  name: string;
  id?: string;
  parameters: Record<string, string>;
  /** Skipped: disabled, or not evaluated because an earlier strategy matched. */
  disabled: boolean;
  evaluated: boolean;
  /** False for a strategy name the SDKs do not know (it never matches). */
  known: boolean;
  constraints: ConstraintExplanation[];
  segments: SegmentExplanation[];
  /** Own constraints and segments together. */
  constraintsResult: boolean;
  /** The strategy's own rule (rollout, user list...), checked only once the constraints hold. */
  strategyResult?: boolean;
  result: boolean;
}

export interface DependencyExplanation {
  feature: string;
  /** What the child needs: the parent on (one of `variants` when given) or off. */
  enabled: boolean;
  variants?: string[];
  /** False when the parent is not in the state (never satisfied). */
  found: boolean;
  /** True when the parent has parents itself (one level only: never satisfied). */
  parentHasDependencies: boolean;
  parentEnabled?: boolean;
  parentVariant?: string;
  satisfied: boolean;
}

export interface FlagExplanation {
  dependencies: DependencyExplanation[];
  /** The flag's `enabled` in the state (the environment's on/off). */
  environmentEnabled: boolean;
  strategies: StrategyExplanation[];
  /** Index of the strategy that turned the flag on; null when none did (or none was needed). */
  matchedStrategy: number | null;
  /** Where the variant came from, and whether an override picked it. */
  variantSource: 'strategy' | 'feature' | 'none';
  variantOverride: boolean;
}

export interface ExplainedEvaluation extends FlagEvaluation {
  explanation: FlagExplanation;
}
