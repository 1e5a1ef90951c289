/**
 * The playground's answer for one flag in one environment and one context, in Unleash's shapes: whether
 * it is on, and why, strategy by strategy and constraint by constraint. Built with the evaluation engine
 * (`explain`) over the admin shape of the flags (disabled strategies and strategy ids included).
 *
 * As Unleash's playground, every strategy is evaluated on its own (not only up to the first that
 * matches), the strategies' result is shown even when the flag is off in the environment, and a
 * strategy the engine does not know (a custom one) is `incomplete`: `unknown` when its constraints
 * hold, else false. `applicationHostname` is evaluated when the context has a `hostname` property and
 * is `incomplete` otherwise (Unleash always leaves it unknown: a server has no host name of its callers).
 * Each strategy is evaluated once, and the flag's answer is made of those results, so a random
 * rollout cannot say one thing in the strategy list and another in `isEnabled`.
 */
import {
  createEvaluator,
  type EvaluationContext,
  type EvaluationFeature,
  type Evaluator,
  type ConstraintExplanation,
  type StrategyExplanation,
} from '@flagadmin/evaluation';
import type { Constraint, FeatureRecord, SegmentRecord, Strategy, Variant } from '../base/records';

type Enabled = boolean | 'unknown';

/** A constraint as the playground answers it: the strategy's constraint and whether it held. */
export interface PlaygroundConstraint extends Constraint {
  result: boolean;
}

export interface PlaygroundStrategy {
  name: string;
  id: string;
  title?: string;
  disabled: boolean;
  parameters: Record<string, string>;
  constraints: PlaygroundConstraint[];
  segments: { id: number; name: string; result: boolean; constraints: PlaygroundConstraint[] }[];
  result:
    | { evaluationStatus: 'complete'; enabled: boolean; variant?: ShownVariant; variants?: Variant[] }
    | { evaluationStatus: 'incomplete' | 'unevaluated'; enabled: false | 'unknown' };
  links: { edit: string };
}

export interface ShownVariant {
  name: string;
  enabled: boolean;
  payload?: { type: string; value: string };
  feature_enabled?: boolean;
}

export interface PlaygroundFeature {
  name: string;
  projectId: string;
  isEnabled: boolean;
  isEnabledInCurrentEnvironment: boolean;
  hasUnsatisfiedDependency: boolean;
  strategies: { result: Enabled; data: PlaygroundStrategy[] };
  variant: ShownVariant;
  variants: Variant[];
}

/** One environment's flags, ready to be evaluated for any number of contexts. */
export interface PlaygroundEnvironment {
  environment: string;
  evaluate(feature: FeatureRecord, context: EvaluationContext): PlaygroundFeature;
}

/** Where a strategy's own evaluation is kept in the parts evaluator (no flag name has a U+0000). */
const partName = (feature: string, index: number): string => `\u0000${index}\u0000${feature}`;

const sorted = (strategies: readonly Strategy[]): Strategy[] => [...strategies].sort((a, b) => a.sortOrder - b.sortOrder);

export function playgroundEnvironment(
  environment: string,
  features: readonly FeatureRecord[],
  segments: readonly SegmentRecord[],
): PlaygroundEnvironment {
  const liveSegments = segments.filter((s) => s.deletedAt === undefined);
  const stateOf = (f: FeatureRecord) => f.environments.find((e) => e.name === environment);
  // The flags as they are: for dependencies, whose parents are evaluated as the SDKs do.
  const whole: EvaluationFeature[] = features.map((f) => ({
    name: f.name,
    enabled: stateOf(f)?.enabled ?? false,
    strategies: sorted(stateOf(f)?.strategies ?? []),
    variants: stateOf(f)?.variants ?? [],
    dependencies: f.dependencies,
  }));
  // Each strategy alone (always evaluated; one the engine does not know as `default`, so its constraints
  // are), and each flag's own variants (its name is their group).
  const known = knownStrategies();
  const parts: EvaluationFeature[] = [];
  for (const f of features) {
    parts.push({ name: f.name, enabled: true, strategies: [], variants: stateOf(f)?.variants ?? [] });
    sorted(stateOf(f)?.strategies ?? []).forEach((s, index) => {
      const alone = known(s.name) ? { ...s, disabled: false } : { ...s, name: 'default', parameters: {}, disabled: false };
      parts.push({ name: partName(f.name, index), enabled: true, strategies: [alone], variants: [] });
    });
  }
  const flags = createEvaluator({ features: whole, segments: liveSegments });
  const alone = createEvaluator({ features: parts, segments: liveSegments });
  const evaluators: Evaluators = { flags, alone, known };
  return { environment, evaluate: (feature, context) => evaluateFeature(feature, environment, context, evaluators) };
}

interface Evaluators {
  /** The flags as they are (dependencies). */
  flags: Evaluator;
  /** Each strategy alone, and each flag's variants. */
  alone: Evaluator;
  known: (strategy: string) => boolean;
}

/** Whether the engine knows a strategy name, asked of the engine once per name. */
function knownStrategies(): (strategy: string) => boolean {
  const answers = new Map<string, boolean>();
  return (strategy) => {
    let known = answers.get(strategy);
    if (known === undefined) {
      const probe = createEvaluator({ features: [{ name: 'probe', enabled: true, strategies: [{ name: strategy }] }] });
      known = probe.explain('probe')?.explanation.strategies[0]?.known === true;
      answers.set(strategy, known);
    }
    return known;
  };
}

function evaluateFeature(
  feature: FeatureRecord,
  environment: string,
  context: EvaluationContext,
  { flags, alone, known }: Evaluators,
): PlaygroundFeature {
  const state = feature.environments.find((e) => e.name === environment);
  const envEnabled = state?.enabled ?? false;
  const variants = state?.variants ?? [];
  let hasUnsatisfiedDependency = false;
  if (feature.dependencies.length > 0) {
    const deps = flags.explain(feature.name, context)?.explanation.dependencies ?? [];
    hasUnsatisfiedDependency = deps.length < feature.dependencies.length || deps.some((d) => !d.satisfied);
  }
  const strategies = sorted(state?.strategies ?? []);
  const data: PlaygroundStrategy[] = [];
  let matched: { strategy: Strategy; variant?: ShownVariant } | undefined;
  strategies.forEach((strategy, index) => {
    const shown = evaluateStrategy(feature, environment, strategy, index, context, alone, known(strategy.name));
    data.push(shown.strategy);
    if (!matched && shown.strategy.result.enabled === true && shown.strategy.result.evaluationStatus === 'complete') {
      matched = { strategy, ...(shown.variant ? { variant: shown.variant } : {}) };
    }
  });
  const result: Enabled =
    strategies.length === 0 ? envEnabled : matched ? true : data.some((s) => s.result.enabled === 'unknown') ? 'unknown' : false;
  const isEnabled = result === true && envEnabled && !hasUnsatisfiedDependency;
  let variant: ShownVariant = { name: 'disabled', enabled: false, feature_enabled: false };
  let shownVariants: Variant[] = variants;
  if (isEnabled && matched?.variant) {
    variant = { ...matched.variant, feature_enabled: true };
    shownVariants = matched.strategy.variants;
  } else if (isEnabled) {
    const own = alone.evaluate(feature.name, context)!.variant;
    variant = { name: own.name, enabled: own.enabled, ...(own.payload ? { payload: own.payload } : {}), feature_enabled: true };
  }
  return {
    name: feature.name,
    projectId: feature.project,
    isEnabled,
    isEnabledInCurrentEnvironment: envEnabled,
    hasUnsatisfiedDependency,
    strategies: { result, data },
    variant,
    variants: shownVariants,
  };
}

/** Whether the engine can decide a strategy here (a custom one, or applicationHostname without a host name, it cannot). */
function decidable(strategy: Strategy, context: EvaluationContext, known: boolean): boolean {
  if (!known) return false;
  if (strategy.name !== 'applicationHostname') return true;
  const properties = context.properties;
  return properties !== undefined && Object.hasOwn(properties, 'hostname');
}

function evaluateStrategy(
  feature: FeatureRecord,
  environment: string,
  strategy: Strategy,
  index: number,
  context: EvaluationContext,
  alone: Evaluator,
  known: boolean,
): { strategy: PlaygroundStrategy; variant?: ShownVariant } {
  const answer = alone.explain(partName(feature.name, index), context)!;
  const explained: StrategyExplanation = answer.explanation.strategies[0]!;
  const base = {
    name: strategy.name,
    id: strategy.id,
    ...(strategy.title ? { title: strategy.title } : {}),
    disabled: strategy.disabled === true,
    parameters: strategy.parameters,
    constraints: explained.constraints.map(shownConstraint),
    segments: explained.segments
      .filter((s) => s.found)
      .map((s) => ({ id: s.id, name: s.name ?? '', result: s.result, constraints: s.constraints.map(shownConstraint) })),
    links: {
      edit: `/projects/${feature.project}/features/${feature.name}/strategies/edit?environmentId=${environment}&strategyId=${strategy.id}`,
    },
  };
  const constraintsHold = explained.constraintsResult;
  if (strategy.disabled) return { strategy: { ...base, result: { evaluationStatus: 'unevaluated', enabled: 'unknown' } } };
  if (!decidable(strategy, context, known)) {
    return { strategy: { ...base, result: { evaluationStatus: 'incomplete', enabled: constraintsHold ? 'unknown' : false } } };
  }
  if (!explained.result || answer.explanation.variantSource !== 'strategy') {
    return { strategy: { ...base, result: { evaluationStatus: 'complete', enabled: explained.result } } };
  }
  const { name, payload } = answer.variant;
  const variant: ShownVariant = { name, enabled: true, ...(payload ? { payload } : {}) };
  return { strategy: { ...base, result: { evaluationStatus: 'complete', enabled: true, variant, variants: strategy.variants } }, variant };
}

function shownConstraint(explained: ConstraintExplanation): PlaygroundConstraint {
  return { ...(explained.constraint as Omit<PlaygroundConstraint, 'result'>), result: explained.result };
}
