import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { StrategyDocument } from '../documents/feature-document';
import { readFeatureEnvironment, type FeatureEnvironmentQuery } from '../runtime/read-feature-environment';
import { strategyDocument } from '../rules/strategy-events';

/** `GET .../environments/:environment/strategies`: the strategies in their order. */
export function getStrategies(ctx: AdminContext, principal: Principal, input: FeatureEnvironmentQuery): Promise<StrategyDocument[]> {
  return readFeatureEnvironment(ctx, principal, input, (state) => state.strategies.map((s) => strategyDocument(s, input.featureName)));
}
