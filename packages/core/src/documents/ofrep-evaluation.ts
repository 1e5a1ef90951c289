/**
 * One Unleash flag evaluation as OFREP answers it. How an Unleash flag maps to OpenFeature (the core
 * README says the same for users):
 * - A flag with no variants (none on the environment, none on its strategies) is a **boolean** flag:
 *   `value` is whether it is on, `variant` `on` or `off`.
 * - A flag with variants is a **variant** flag: when on with a variant, `variant` is the variant's name
 *   and `value` its payload (`json`: the parsed value; `number`: the number; `string`, `csv`: the text),
 *   or the variant's name when it has no payload; when off, or on without a variant to give, there is no
 *   `value` (the caller's default applies, as OFREP says of a disabled flag).
 * - `reason`: `DISABLED` when the flag is off in the environment; `DEFAULT` when it is on there but not
 *   for this context (no strategy matched, a dependency did not hold) or gives no variant; `SPLIT`
 *   when a rollout below 100 % or a weighted variant pick (not an override) decided; `STATIC` when a
 *   strategy with no constraint, no segment and nothing to roll out turned it on; `TARGETING_MATCH` otherwise.
 * - `metadata`: `enabled` (Unleash's on/off for the context), `impressionData`, `project`.
 */
import type { ExplainedEvaluation, StrategyExplanation } from '@flagadmin/evaluation';
import type { ClientFeature } from './client-feature';

export type OfrepReason = 'STATIC' | 'TARGETING_MATCH' | 'SPLIT' | 'DISABLED' | 'DEFAULT';

export interface OfrepEvaluation {
  key: string;
  reason: OfrepReason;
  variant?: string;
  value?: unknown;
  metadata: { enabled: boolean; impressionData: boolean; project: string };
}

const ROLLOUTS = new Set(['flexibleRollout', 'gradualRolloutUserId', 'gradualRolloutSessionId', 'gradualRolloutRandom']);

/** A flag with variants somewhere (environment or strategies) is a variant flag; else a boolean one. */
export const isVariantFlag = (feature: ClientFeature): boolean =>
  feature.variants.length > 0 || feature.strategies.some((s) => s.variants.length > 0);

export function ofrepEvaluation(feature: ClientFeature, evaluation: ExplainedEvaluation): OfrepEvaluation {
  const { explanation, variant } = evaluation;
  const metadata = { enabled: evaluation.enabled, impressionData: evaluation.impressionData, project: feature.project };
  const base = { key: feature.name, metadata };
  if (!isVariantFlag(feature)) {
    return { ...base, reason: reasonOf(evaluation), variant: evaluation.enabled ? 'on' : 'off', value: evaluation.enabled };
  }
  if (!evaluation.enabled || !variant.enabled) return { ...base, reason: !explanation.environmentEnabled ? 'DISABLED' : 'DEFAULT' };
  return { ...base, reason: reasonOf(evaluation), variant: variant.name, value: payloadValue(variant.name, variant.payload) };
}

function reasonOf(evaluation: ExplainedEvaluation): OfrepReason {
  const { explanation } = evaluation;
  if (!explanation.environmentEnabled) return 'DISABLED';
  if (!evaluation.enabled) return 'DEFAULT';
  const matched = explanation.matchedStrategy === null ? undefined : explanation.strategies[explanation.matchedStrategy];
  const weighed = explanation.variantSource !== 'none' && !explanation.variantOverride;
  if (weighed || (matched && isPartialRollout(matched))) return 'SPLIT';
  if (explanation.dependencies.length > 0) return 'TARGETING_MATCH';
  if (!matched || (matched.constraints.length === 0 && matched.segments.length === 0 && isStatic(matched))) return 'STATIC';
  return 'TARGETING_MATCH';
}

function isPartialRollout(strategy: StrategyExplanation): boolean {
  if (!ROLLOUTS.has(strategy.name)) return false;
  const percentage = Number(strategy.parameters['rollout'] ?? strategy.parameters['percentage']);
  return !(percentage >= 100);
}

/** A strategy that holds for everyone once its constraints do: `default`, or a whole rollout. */
const isStatic = (strategy: StrategyExplanation): boolean => strategy.name === 'default' || ROLLOUTS.has(strategy.name);

function payloadValue(name: string, payload: { type: string; value: string } | undefined): unknown {
  if (!payload) return name;
  if (payload.type === 'json') {
    try {
      return JSON.parse(payload.value);
    } catch {
      return payload.value;
    }
  }
  if (payload.type === 'number') {
    const number = Number(payload.value);
    return payload.value.trim() !== '' && Number.isFinite(number) ? number : payload.value;
  }
  return payload.value;
}
