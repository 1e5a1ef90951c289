import type { Principal } from '../auth';
import type { AdminContext } from '../context';
import { readFeatureEnvironment, type FeatureEnvironmentQuery } from '../flag-config/read-feature-environment';
import type { FeatureVariants } from '../flag-config/replace-variants';

/** `GET .../environments/:environment/variants`: `{version: 1, variants}`. */
export function getEnvironmentVariants(ctx: AdminContext, principal: Principal, input: FeatureEnvironmentQuery): Promise<FeatureVariants> {
  return readFeatureEnvironment(ctx, principal, input, (state) => ({ version: 1 as const, variants: state.variants }));
}
