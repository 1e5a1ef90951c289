import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { editFeatureEnvironment, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import type { FeatureWriteResult } from '../writes/feature-write';
import { deleteStrategyEdit } from '../writes/strategy-edits';

export interface DeleteStrategyInput extends FeatureEnvironmentRef {
  strategyId: string;
}

/**
 * Removes one strategy (`DELETE .../strategies/:strategyId`). Events: `feature-strategy-remove`, and
 * `feature-environment-disabled` when no enabled strategy is left in an enabled environment (as Unleash).
 */
export async function deleteStrategy(
  ctx: AdminContext,
  principal: Principal,
  input: DeleteStrategyInput,
): Promise<FeatureWriteResult<null>> {
  return editFeatureEnvironment(ctx, principal, input, deleteStrategyEdit(input.strategyId));
}
