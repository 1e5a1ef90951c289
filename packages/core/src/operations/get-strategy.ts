import type { Principal } from '../auth';
import type { AdminContext } from '../context';
import type { StrategyDocument } from '../documents/feature-document';
import { readFeatureEnvironment, type FeatureEnvironmentQuery } from '../flag-config/read-feature-environment';
import { strategyDocument } from '../flag-config/strategy-events';
import { strategyIn } from '../flag-config/strategy-lookup';

/** `GET .../strategies/:strategyId`. */
export function getStrategy(ctx: AdminContext, principal: Principal, input: FeatureEnvironmentQuery & { strategyId: string }): Promise<StrategyDocument> {
  return readFeatureEnvironment(ctx, principal, input, (state) => strategyDocument(strategyIn(state, input.featureName, input.strategyId), input.featureName));
}
