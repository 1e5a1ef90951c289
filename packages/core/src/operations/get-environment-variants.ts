import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { readFeatureEnvironment, type FeatureEnvironmentQuery } from '../runtime/read-feature-environment';
import type { FeatureVariants } from '../writes/replace-variants';

/** `GET .../environments/:environment/variants`: `{version: 1, variants}`. */
export function getEnvironmentVariants(ctx: AdminContext, principal: Principal, input: FeatureEnvironmentQuery): Promise<FeatureVariants> {
  return readFeatureEnvironment(ctx, principal, input, (state) => ({ version: 1 as const, variants: state.variants }));
}
