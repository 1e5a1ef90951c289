import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { editFeatureEnvironment, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import type { FeatureWriteResult } from '../writes/feature-write';
import { replaceVariants, type FeatureVariants } from '../writes/replace-variants';
import { applyPatch, parsePatch } from '../rules/json-patch';

/** `PATCH .../environments/:environment/variants`: RFC 6902 on the array, the result checked as a PUT body. */
export async function patchEnvironmentVariants(
  ctx: AdminContext,
  principal: Principal,
  input: FeatureEnvironmentRef & { patch: unknown },
): Promise<FeatureWriteResult<FeatureVariants>> {
  const ops = parsePatch(input.patch, ctx.limits);
  return editFeatureEnvironment(ctx, principal, input, (scope) => replaceVariants(scope, applyPatch(scope.state.variants, ops)));
}
