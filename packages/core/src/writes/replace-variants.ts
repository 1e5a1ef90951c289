import { jsonEqual } from '../base/json';
import type { Variant } from '../base/records';
import { assertValid } from '../schemas/validation';
import type { EnvironmentEditScope } from './feature-environment-write';
import { normalizeVariants, type VariantInput } from '../rules/variants';
import { checkVariantsStickiness, KnownContextFields } from '../rules/context-field-checks';

/** A feature environment's variants as `.../environments/:environment/variants` answers them. */
export interface FeatureVariants {
  version: 1;
  variants: Variant[];
}

/**
 * The shared end of PUT and PATCH of an environment's variants: the new set is checked and stored;
 * one event `feature-environment-variants-updated`, none when nothing changed.
 */
export async function replaceVariants({ tx, project, state }: EnvironmentEditScope, body: unknown) {
  assertValid<VariantInput[]>('environmentVariantsBody', body, 'variants');
  const before = state.variants;
  const after = normalizeVariants(body, '', true);
  await checkVariantsStickiness(new KnownContextFields(tx, project.id), after, '');
  const result: FeatureVariants = { version: 1, variants: after };
  if (jsonEqual(before, after)) return { result, events: [] };
  state.variants = after;
  return { result, events: [{ type: 'feature-environment-variants-updated', data: { variants: after }, preData: { variants: before } }] };
}
