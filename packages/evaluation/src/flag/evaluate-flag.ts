/**
 * One flag for one context, as unleash-client's isEnabled and getVariant decide it, in one pass:
 * parents first, then the flag's own on/off, then its strategies in order until one matches; the
 * variant comes from that strategy's variants, else from the flag's, else it is `disabled`.
 * With `explanation` given, each step is recorded in it (same checks, same order, same random draws).
 */
import type { FlagExplanation } from '../explanation';
import type { Runtime } from '../runtime';
import { strategyMatches, strategyVariant } from '../strategies/check-strategy';
import { explainStrategy, skippedStrategy } from '../strategies/explain-strategy';
import type { EvaluationContext, EvaluationFeature, EvaluationStrategy, EvaluationVariant } from '../types';
import { overriddenVariant, selectVariant } from '../variants/select-variant';
import { dependenciesHold } from './dependencies';
import { disabledVariant, OFF, type Outcome } from './outcome';

/**
 * The strategy that turns the flag on: `true` when it has no strategy at all (on, as in the SDKs),
 * undefined when none matches. Disabled strategies are skipped, so a flag whose strategies are all
 * disabled is off (as Unleash serves it). A list that is no array: off.
 */
function matchStrategies(
  feature: EvaluationFeature,
  context: EvaluationContext,
  runtime: Runtime,
  explanation?: FlagExplanation,
): EvaluationStrategy | true | undefined {
  const strategies = feature.strategies;
  if (!Array.isArray(strategies)) return undefined;
  if (strategies.length === 0) return true;
  let matched: EvaluationStrategy | undefined;
  for (const [index, strategy] of strategies.entries()) {
    if (matched || strategy.disabled) {
      if (matched && !explanation) break;
      explanation?.strategies.push(skippedStrategy(strategy, index));
      continue;
    }
    const holds = explanation
      ? recordStrategy(explanation, explainStrategy(strategy, index, context, runtime))
      : strategyMatches(strategy, context, runtime);
    if (holds) {
      matched = strategy;
      if (explanation) explanation.matchedStrategy = index;
    }
  }
  return matched;
}

function recordStrategy(explanation: FlagExplanation, explained: FlagExplanation['strategies'][number]): boolean {
  explanation.strategies.push(explained);
  return explained.result;
}

function handOut(variant: EvaluationVariant): Outcome {
  const variantResult: Outcome['variant'] = { name: variant.name, enabled: true, feature_enabled: true };
  if (variant.payload !== undefined) variantResult.payload = { type: variant.payload.type, value: variant.payload.value };
  return { enabled: true, variant: variantResult };
}

function explain(
  explanation: FlagExplanation,
  source: 'strategy' | 'feature',
  variants: readonly EvaluationVariant[],
  picked: EvaluationVariant,
  context: EvaluationContext,
): void {
  explanation.variantSource = source;
  explanation.variantOverride = overriddenVariant(variants, context) === picked;
}

export function evaluateFlag(
  feature: EvaluationFeature,
  context: EvaluationContext,
  runtime: Runtime,
  explanation?: FlagExplanation,
  withVariant = true,
): Outcome {
  if (feature.dependencies?.length) {
    const parent = (f: EvaluationFeature, needVariant: boolean) => evaluateFlag(f, context, runtime, undefined, needVariant);
    if (!dependenciesHold(feature, runtime.features, parent, explanation?.dependencies)) return OFF;
  }
  if (!feature.enabled) return OFF;
  const matched = matchStrategies(feature, context, runtime, explanation);
  if (!matched) return OFF;
  if (!withVariant) return { enabled: true, variant: disabledVariant(true) };
  if (matched !== true) {
    const fromStrategy = strategyVariant(matched, context, runtime);
    if (fromStrategy) {
      if (explanation) explain(explanation, 'strategy', matched.variants ?? [], fromStrategy, context);
      return handOut(fromStrategy);
    }
  }
  const variants = feature.variants ?? [];
  const fromFeature = variants.length > 0 ? selectVariant(variants, feature.name, variants[0]?.stickiness, context, runtime) : null;
  if (!fromFeature) return { enabled: true, variant: disabledVariant(true) };
  if (explanation) explain(explanation, 'feature', variants, fromFeature, context);
  return handOut(fromFeature);
}
