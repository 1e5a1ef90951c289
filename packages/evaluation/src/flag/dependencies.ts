/**
 * Whether a flag's parents are as it needs them, as unleash-client decides: every dependency must hold,
 * checked in order up to the first that does not. A parent missing from the state, or with parents of
 * its own (one level only, which also ends cycles), never holds. `enabled: false` needs the parent
 * off; otherwise on, and when `variants` are named, handing out one of them.
 */
import type { DependencyExplanation } from '../explanation';
import type { EvaluationDependency, EvaluationFeature } from '../types';
import type { Outcome } from './outcome';

/** Evaluates a parent; `withVariant` false when only its on/off is needed. */
export type ParentEvaluator = (parent: EvaluationFeature, withVariant: boolean) => Outcome;

function checkDependency(
  dependency: EvaluationDependency,
  features: ReadonlyMap<string, EvaluationFeature>,
  evaluateParent: ParentEvaluator,
): DependencyExplanation {
  const out: DependencyExplanation = {
    feature: dependency.feature,
    enabled: dependency.enabled !== false,
    found: false,
    parentHasDependencies: false,
    satisfied: false,
  };
  const variants = dependency.variants?.length ? dependency.variants : undefined;
  if (variants && out.enabled) out.variants = variants;
  const parent = features.get(dependency.feature);
  if (!parent) return out;
  out.found = true;
  if (parent.dependencies?.length) {
    out.parentHasDependencies = true;
    return out;
  }
  const needVariant = out.enabled && variants !== undefined;
  const outcome = evaluateParent(parent, needVariant);
  out.parentEnabled = outcome.enabled;
  if (needVariant) out.parentVariant = outcome.variant.name;
  out.satisfied = !out.enabled
    ? !outcome.enabled
    : needVariant
      ? outcome.enabled && variants.includes(outcome.variant.name)
      : outcome.enabled;
  return out;
}

export function dependenciesHold(
  feature: EvaluationFeature,
  features: ReadonlyMap<string, EvaluationFeature>,
  evaluateParent: ParentEvaluator,
  explained?: DependencyExplanation[],
): boolean {
  for (const dependency of feature.dependencies ?? []) {
    const checked = checkDependency(dependency, features, evaluateParent);
    explained?.push(checked);
    if (!checked.satisfied) return false;
  }
  return true;
}
