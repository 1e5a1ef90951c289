/** The strategy as the admin API shows it, and the events that carry it. */
import type { StrategyDocument } from '../documents/feature-document';
import type { EventInput } from '../runtime/emit';
import type { Strategy } from '../base/records';

export const strategyDocument = (strategy: Strategy, featureName: string): StrategyDocument => ({ ...strategy, featureName });

export const strategyAdded = (environment: string, after: StrategyDocument): EventInput => ({
  type: 'feature-strategy-add',
  environment,
  data: after,
  preData: null,
});

export const strategyUpdated = (environment: string, before: StrategyDocument, after: StrategyDocument): EventInput => ({
  type: 'feature-strategy-update',
  environment,
  data: after,
  preData: before,
});

export const strategyRemoved = (environment: string, before: StrategyDocument): EventInput => ({
  type: 'feature-strategy-remove',
  environment,
  data: null,
  preData: before,
});
