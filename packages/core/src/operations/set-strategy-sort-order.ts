import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { editFeatureEnvironment, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import type { FeatureWriteResult } from '../writes/feature-write';
import { strategySortOrderEdit } from '../writes/strategy-edits';

export interface SetStrategySortOrderInput extends FeatureEnvironmentRef {
  /** `[{id, sortOrder}]`: strategies left out keep theirs. */
  body: unknown;
}

/**
 * Sets the sortOrder of strategies (`POST .../strategies/set-sort-order`). An id not in this feature
 * environment is a 404; one event `strategy-order-changed` with the order before and after.
 */
export async function setStrategySortOrder(
  ctx: AdminContext,
  principal: Principal,
  input: SetStrategySortOrderInput,
): Promise<FeatureWriteResult<null>> {
  return editFeatureEnvironment(ctx, principal, input, strategySortOrderEdit(input.body));
}
