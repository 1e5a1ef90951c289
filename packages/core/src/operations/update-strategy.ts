import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { StrategyDocument } from '../documents/feature-document';
import { changeFeatureEnvironment, type ChangeResult, type EnvironmentChange, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import { replaceStrategy } from '../writes/replace-strategy';
import { assertValid } from '../schemas/validation';

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
