import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { StrategyDocument } from '../documents/feature-document';
import { editFeatureEnvironment, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import type { FeatureWriteResult } from '../writes/feature-write';
import { addStrategyEdit } from '../writes/strategy-edits';

export interface AddStrategyInput extends FeatureEnvironmentRef {
  /** `{name, title?, disabled?, sortOrder?, constraints?, parameters?, segments?, variants?}` */
  body: unknown;
}

/**
 * Adds a strategy to a feature environment (`POST .../environments/:environment/strategies`); the id
 * is made here. Without a sortOrder it goes last. Event: `feature-strategy-add`.
 */
export async function addStrategy(
  ctx: AdminContext,
  principal: Principal,
  input: AddStrategyInput,
): Promise<FeatureWriteResult<StrategyDocument>> {
  return editFeatureEnvironment(ctx, principal, input, addStrategyEdit(input.body));
}
