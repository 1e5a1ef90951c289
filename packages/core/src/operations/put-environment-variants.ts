import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { changeFeatureEnvironment, type ChangeResult, type EnvironmentChange, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import { replaceVariants, type FeatureVariants } from '../writes/replace-variants';
import { assertValid } from '../schemas/validation';

/**
 * `PUT .../environments/:environment/variants`: the whole set, with weights, stickiness and payloads
 * as Unleash keeps them. Event: `feature-environment-variants-updated`.
 */
export async function putEnvironmentVariants(
  ctx: AdminContext,
  principal: Principal,
  input: FeatureEnvironmentRef & { body: unknown },
): Promise<ChangeResult<FeatureVariants>> {
  return changeFeatureEnvironment(ctx, principal, input, putVariantsChange(input.body));
}

/** The body checked, and the change the route and a change request's apply (`patchVariant`) run. */
export function putVariantsChange(body: unknown): EnvironmentChange<FeatureVariants> {
  assertValid('environmentVariantsBody', body, 'variants');
  return (scope) => replaceVariants(scope, body);
}
