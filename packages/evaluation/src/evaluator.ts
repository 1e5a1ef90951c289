/**
 * The entry: an evaluator over one state (the client API's features and segments), indexed once.
 * Make one per state and reuse it; REGEX patterns are compiled on first use and kept with it.
 */
import type { ExplainedEvaluation, FlagExplanation } from './explanation';
import { evaluateFlag } from './flag/evaluate-flag';
import type { Outcome } from './flag/outcome';
import type { Runtime } from './runtime';
import type { EvaluationContext, EvaluationFeature, EvaluationState, FlagEvaluation } from './types';

export interface EvaluatorOptions {
  /** A number in [0, 1); Math.random by default (gradualRolloutRandom, random stickiness). */
  random?: () => number;
  /** The clock for DATE_* constraints when the context has no currentTime; the system clock by default. */
  now?: () => Date;
  /** The host name applicationHostname matches when the context has no `hostname` property. */
  hostname?: string;
}

export interface Evaluator {
  /** One flag; undefined when the state has no flag of that name. */
  evaluate(name: string, context?: EvaluationContext): FlagEvaluation | undefined;
  /** The same answer with how it was reached, step by step (the playground's view). */
  explain(name: string, context?: EvaluationContext): ExplainedEvaluation | undefined;
  /** Every flag of the state, in the state's order. */
  evaluateAll(context?: EvaluationContext): FlagEvaluation[];
}

const answer = (feature: EvaluationFeature, outcome: Outcome): FlagEvaluation => ({
  name: feature.name,
  enabled: outcome.enabled,
  variant: { ...outcome.variant },
  impressionData: feature.impressionData === true,
});

export function createEvaluator(state: EvaluationState, options: EvaluatorOptions = {}): Evaluator {
  const runtime: Runtime = {
    features: new Map(state.features.map((f) => [f.name, f])),
    segments: new Map((state.segments ?? []).map((s) => [s.id, s])),
    regexes: new Map(),
    random: options.random ?? Math.random,
    now: options.now ?? (() => new Date()),
    hostname: options.hostname,
  };
  return {
    evaluate(name, context = {}) {
      const feature = runtime.features.get(name);
      return feature && answer(feature, evaluateFlag(feature, context, runtime));
    },
    explain(name, context = {}) {
      const feature = runtime.features.get(name);
      if (!feature) return undefined;
      const explanation: FlagExplanation = {
        dependencies: [],
        environmentEnabled: feature.enabled,
        strategies: [],
        matchedStrategy: null,
        variantSource: 'none',
        variantOverride: false,
      };
      return { ...answer(feature, evaluateFlag(feature, context, runtime, explanation)), explanation };
    },
    evaluateAll(context = {}) {
      return [...runtime.features.values()].map((feature) => answer(feature, evaluateFlag(feature, context, runtime)));
    },
  };
}
