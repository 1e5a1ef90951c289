import type { Principal } from '../auth';
import type { AdminContext } from '../context';
import type { StrategyDocument } from '../documents/feature-document';
import { changeFeatureEnvironment, type ChangeResult, type FeatureEnvironmentRef } from '../flag-config/feature-environment-change';
import { replaceStrategy } from '../flag-config/replace-strategy';
import { assertValid } from '../validation';

export interface UpdateStrategyInput extends FeatureEnvironmentRef {
  strategyId: string;
  /** The whole strategy, as for POST; fields left out get their defaults (sortOrder: kept). */
  body: unknown;
}

/**
 * Replaces one strategy (`PUT .../strategies/:strategyId`). Events: `feature-strategy-update`, and
 * `feature-environment-disabled` when it was the environment's last enabled strategy and is now disabled.
 */
export async function updateStrategy(ctx: AdminContext, principal: Principal, input: UpdateStrategyInput): Promise<ChangeResult<StrategyDocument>> {
  assertValid('strategyBody', input.body, 'strategy');
  return changeFeatureEnvironment(ctx, principal, input, (scope) => replaceStrategy(scope, input.strategyId, () => input.body));
}
