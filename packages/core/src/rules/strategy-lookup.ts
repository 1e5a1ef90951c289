/** Finding one strategy of a feature environment, and keeping the list in its order. */
import { notFound } from '../base/errors';
import type { FeatureEnvironmentState, Strategy } from '../base/records';

/** The strategy with that id in this feature environment, or 404 (also when it is another feature's or environment's). */
export function strategyIn(state: FeatureEnvironmentState, featureName: string, strategyId: string): Strategy {
  const strategy = state.strategies.find((s) => s.id === strategyId);
  if (!strategy) throw notFound(`Could not find strategy "${strategyId}" of feature "${featureName}" in environment "${state.name}".`);
  return strategy;
}

/** Strategies ordered by sortOrder; a stable sort keeps equal ones in the order they were added. */
export const bySortOrder = (strategies: readonly Strategy[]): Strategy[] => [...strategies].sort((a, b) => a.sortOrder - b.sortOrder);
