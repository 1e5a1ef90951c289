import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { StrategyDocument } from '../documents/feature-document';
import { editFeatureEnvironment, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import type { FeatureWriteResult } from '../writes/feature-write';
import { updateStrategyEdit } from '../writes/strategy-edits';

export interface UpdateStrategyInput extends FeatureEnvironmentRef {
  strategyId: string;
  /** The whole strategy, as for POST; fields left out get their defaults (sortOrder: kept). */
  body: unknown;
}

/**
 * Replaces one strategy (`PUT .../strategies/:strategyId`). Events: `feature-strategy-update`, and
 * `feature-environment-disabled` when it was the environment's last enabled strategy and is now disabled.
 */
export async function updateStrategy(
  ctx: AdminContext,
  principal: Principal,
  input: UpdateStrategyInput,
): Promise<FeatureWriteResult<StrategyDocument>> {
  return editFeatureEnvironment(ctx, principal, input, updateStrategyEdit(input.strategyId, input.body));
}
