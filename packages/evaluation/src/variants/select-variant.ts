/**
 * Picking a variant from a weighted list, as the SDKs do: no pick when the weights sum to 0 or less;
 * else the first variant with an override naming the context's value; else the stickiness id hashed
 * with the group id (seed 86028157) into 1..total weight, and the variant whose cumulative weight
 * reaches it (zero-weight variants are never picked).
 */
import { contextValue } from '../context-value';
import { normalizedValue, VARIANT_SEED } from '../hash';
import type { Runtime } from '../runtime';
import type { EvaluationContext, EvaluationVariant } from '../types';
import { variantStickinessId } from './stickiness';

/** The first variant with an override that names the context's value of its field. */
export function overriddenVariant(variants: readonly EvaluationVariant[], context: EvaluationContext): EvaluationVariant | undefined {
  return variants.find((variant) =>
    variant.overrides?.some((o) => {
      const value = contextValue(context, o.contextName);
      return o.values.some((v) => v === value);
    }),
  );
}

export function selectVariant(
  variants: readonly EvaluationVariant[],
  groupId: string | undefined,
  stickiness: string | undefined,
  context: EvaluationContext,
  runtime: Runtime,
): EvaluationVariant | null {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  if (total <= 0) return null;
  const override = overriddenVariant(variants, context);
  if (override) return override;
  const target = normalizedValue(variantStickinessId(context, stickiness, runtime), groupId, total, VARIANT_SEED);
  let reached = 0;
  for (const variant of variants) {
    if (variant.weight === 0) continue;
    reached += variant.weight;
    if (reached >= target) return variant;
  }
  return null;
}
