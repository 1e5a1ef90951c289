import type { Principal } from '../auth';
import type { AdminContext } from '../context';
import type { StrategyDocument } from '../documents/feature-document';
import { readFeatureEnvironment, type FeatureEnvironmentQuery } from '../flag-config/read-feature-environment';
import { strategyDocument } from '../flag-config/strategy-events';

/** `GET .../environments/:environment/strategies`: the strategies in their order. */
export function getStrategies(ctx: AdminContext, principal: Principal, input: FeatureEnvironmentQuery): Promise<StrategyDocument[]> {
  return readFeatureEnvironment(ctx, principal, input, (state) => state.strategies.map((s) => strategyDocument(s, input.featureName)));
}
