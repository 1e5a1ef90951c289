import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { disableWithoutEnabledStrategy } from '../rules/environment-state';
import { strategyDocument, strategyRemoved } from '../rules/strategy-events';
import { changeFeatureEnvironment, type ChangeResult, type EnvironmentChange, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import { strategyIn } from '../rules/strategy-lookup';

export interface DeleteStrategyInput extends FeatureEnvironmentRef {
  strategyId: string;
}

/**
 * Removes one strategy (`DELETE .../strategies/:strategyId`). Events: `feature-strategy-remove`, and
 * `feature-environment-disabled` when no enabled strategy is left in an enabled environment (as Unleash).
 */
export async function deleteStrategy(ctx: AdminContext, principal: Principal, input: DeleteStrategyInput): Promise<ChangeResult<null>> {
  return changeFeatureEnvironment(ctx, principal, input, deleteStrategyChange(input.strategyId));
}

/** What the route and a change request's apply run. */
export function deleteStrategyChange(strategyId: string): EnvironmentChange<null> {
  return ({ feature, state }) => {
    const existing = strategyIn(state, feature.name, strategyId);
    state.strategies = state.strategies.filter((s) => s.id !== existing.id);
    const disabled = disableWithoutEnabledStrategy(state);
    return { result: null, events: [strategyRemoved(state.name, strategyDocument(existing, feature.name)), ...(disabled ? [disabled] : [])] };
  };
}
