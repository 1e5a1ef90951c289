import type { Principal } from '../auth';
import type { AdminContext } from '../context';
import type { StrategyDocument } from '../documents/feature-document';
import { changeFeatureEnvironment, type ChangeResult, type EnvironmentChange, type FeatureEnvironmentRef } from '../flag-config/feature-environment-change';
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
  return changeFeatureEnvironment(ctx, principal, input, updateStrategyChange(input.strategyId, input.body));
}

/** The body checked, and the change the route and a change request's apply run. */
export function updateStrategyChange(strategyId: string, body: unknown): EnvironmentChange<StrategyDocument> {
  assertValid('strategyBody', body, 'strategy');
  return (scope) => replaceStrategy(scope, strategyId, () => body);
}
