import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { addDefaultStrategy } from '../rules/environment-state';
import { changeFeatureEnvironment, type ChangeResult, type EnvironmentChange, type FeatureEnvironmentRef } from '../writes/feature-environment-write';

export interface ToggleEnvironmentInput extends FeatureEnvironmentRef {
  enabled: boolean;
}

/**
 * `POST .../environments/:environment/on` and `/off`. Enabling an environment with no strategy first
 * adds the default one (`feature-strategy-add`, then `feature-environment-enabled`); disabling keeps the
 * strategies. Switching to the state it has is no change: no event.
 */
export async function toggleEnvironment(ctx: AdminContext, principal: Principal, input: ToggleEnvironmentInput): Promise<ChangeResult<null>> {
  return changeFeatureEnvironment(ctx, principal, input, toggleChange(input.enabled));
}

/** What the routes and a change request's apply (`updateEnabled`) run. */
export function toggleChange(enabled: boolean): EnvironmentChange<null> {
  return ({ feature, state }) => {
    if (state.enabled === enabled) return { result: null, events: [] };
    const added = enabled ? addDefaultStrategy(state, feature.name) : undefined;
    state.enabled = enabled;
    const switched = { type: enabled ? 'feature-environment-enabled' : 'feature-environment-disabled', environment: state.name };
    return { result: null, events: [...(added ? [added] : []), switched] };
  };
}
