/**
 * The variants of a feature environment: `GET`, `PUT` (the whole set) and `PATCH` (RFC 6902 on the
 * array) of `.../environments/:environment/variants`, answered as `{version: 1, variants}`. Weights,
 * stickiness and payloads as Unleash keeps them; one event `feature-environment-variants-updated`.
 */
import type { Principal } from '../auth';
import type { AdminContext } from '../context';
import { normalizeVariants, type VariantInput } from '../flag-config/variants';
import type { Variant } from '../records';
import { jsonEqual } from '../json';
import { assertValid } from '../validation';
import { changeFeatureEnvironment, type ChangeResult, type ChangeScope, type FeatureEnvironmentRef } from './feature-environment-change';
import { readFeatureEnvironment, type FeatureEnvironmentQuery } from './get-strategies';
import { applyPatch, parsePatch } from './json-patch';

export interface FeatureVariants {
  version: 1;
  variants: Variant[];
}

export function getEnvironmentVariants(ctx: AdminContext, principal: Principal, input: FeatureEnvironmentQuery): Promise<FeatureVariants> {
  return readFeatureEnvironment(ctx, principal, input, (state) => ({ version: 1 as const, variants: state.variants }));
}

function replaceVariants({ state }: ChangeScope, body: unknown) {
  assertValid<VariantInput[]>('environmentVariantsBody', body, 'variants');
  const before = state.variants;
  const after = normalizeVariants(body, '', true);
  const result: FeatureVariants = { version: 1, variants: after };
  if (jsonEqual(before, after)) return { result, events: [] };
  state.variants = after;
  return { result, events: [{ type: 'feature-environment-variants-updated', data: { variants: after }, preData: { variants: before } }] };
}

export async function putEnvironmentVariants(
  ctx: AdminContext,
  principal: Principal,
  input: FeatureEnvironmentRef & { body: unknown },
): Promise<ChangeResult<FeatureVariants>> {
  assertValid('environmentVariantsBody', input.body, 'variants');
  return changeFeatureEnvironment(ctx, principal, input, (scope) => replaceVariants(scope, input.body));
}

export async function patchEnvironmentVariants(
  ctx: AdminContext,
  principal: Principal,
  input: FeatureEnvironmentRef & { patch: unknown },
): Promise<ChangeResult<FeatureVariants>> {
  const ops = parsePatch(input.patch);
  return changeFeatureEnvironment(ctx, principal, input, (scope) => replaceVariants(scope, applyPatch(scope.state.variants, ops)));
}
