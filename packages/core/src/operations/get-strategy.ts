import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { StrategyDocument } from '../documents/feature-document';
import { readFeatureEnvironment, type FeatureEnvironmentQuery } from '../runtime/read-feature-environment';
import { strategyDocument } from '../rules/strategy-events';
import { strategyIn } from '../rules/strategy-lookup';

/** `GET .../strategies/:strategyId`. */
export function getStrategy(
  ctx: AdminContext,
  principal: Principal,
  input: FeatureEnvironmentQuery & { strategyId: string },
): Promise<StrategyDocument> {
  return readFeatureEnvironment(ctx, principal, input, (state) =>
    strategyDocument(strategyIn(state, input.featureName, input.strategyId), input.featureName),
  );
}
