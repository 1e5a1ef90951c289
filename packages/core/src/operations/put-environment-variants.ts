import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { putVariantsEdit } from '../writes/environment-edits';
import { editFeatureEnvironment, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import type { FeatureWriteResult } from '../writes/feature-write';
import type { FeatureVariants } from '../writes/replace-variants';

/**
 * `PUT .../environments/:environment/variants`: the whole set, with weights, stickiness and payloads
 * as Unleash keeps them. Event: `feature-environment-variants-updated`.
 */
export async function putEnvironmentVariants(
  ctx: AdminContext,
  principal: Principal,
  input: FeatureEnvironmentRef & { body: unknown },
): Promise<FeatureWriteResult<FeatureVariants>> {
  return editFeatureEnvironment(ctx, principal, input, putVariantsEdit(input.body));
}
