import type { Principal } from '../auth';
import type { AdminContext } from '../context';
import { changeFeatureEnvironment, type ChangeResult, type FeatureEnvironmentRef } from '../flag-config/feature-environment-change';
import { replaceVariants, type FeatureVariants } from '../flag-config/replace-variants';
import { assertValid } from '../validation';

/**
 * `PUT .../environments/:environment/variants`: the whole set, with weights, stickiness and payloads
 * as Unleash keeps them. Event: `feature-environment-variants-updated`.
 */
export async function putEnvironmentVariants(
  ctx: AdminContext,
  principal: Principal,
  input: FeatureEnvironmentRef & { body: unknown },
): Promise<ChangeResult<FeatureVariants>> {
  assertValid('environmentVariantsBody', input.body, 'variants');
  return changeFeatureEnvironment(ctx, principal, input, (scope) => replaceVariants(scope, input.body));
}
