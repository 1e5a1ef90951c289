import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { StrategyDocument } from '../documents/feature-document';
import { editFeatureEnvironment, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import type { FeatureWriteResult } from '../writes/feature-write';
import { applyPatch, parsePatch } from '../rules/json-patch';
import { replaceStrategy } from '../writes/replace-strategy';

export interface PatchStrategyInput extends FeatureEnvironmentRef {
  strategyId: string;
  /** RFC 6902 operations on the strategy as GET returns it. */
  patch: unknown;
}

/**
 * RFC 6902 JSON Patch of one strategy (`PATCH .../strategies/:strategyId`), with the feature PATCH's
 * error rules; the result is checked as a PUT body (`id` and `featureName` are read-only).
 */
export async function patchStrategy(
  ctx: AdminContext,
  principal: Principal,
  input: PatchStrategyInput,
): Promise<FeatureWriteResult<StrategyDocument>> {
  const ops = parsePatch(input.patch, ctx.limits);
  return editFeatureEnvironment(ctx, principal, input, (scope) =>
    replaceStrategy(scope, input.strategyId, (current) => applyPatch(current, ops)),
  );
}
