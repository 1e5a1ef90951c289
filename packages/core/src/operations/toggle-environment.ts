import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { toggleEdit } from '../writes/environment-edits';
import { editFeatureEnvironment, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import type { FeatureWriteResult } from '../writes/feature-write';

export interface ToggleEnvironmentInput extends FeatureEnvironmentRef {
  enabled: boolean;
}

/**
 * `POST .../environments/:environment/on` and `/off`. Enabling an environment with no strategy first
 * adds the default one (`feature-strategy-add`, then `feature-environment-enabled`); disabling keeps the
 * strategies. Switching to the state it has is no change: no event.
 */
export async function toggleEnvironment(
  ctx: AdminContext,
  principal: Principal,
  input: ToggleEnvironmentInput,
): Promise<FeatureWriteResult<null>> {
  return editFeatureEnvironment(ctx, principal, input, toggleEdit(input.enabled));
}
