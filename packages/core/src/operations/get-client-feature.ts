import type { Principal } from '../base/auth';
import { notFound } from '../base/errors';
import type { ClientFeature } from '../documents/client-feature';
import type { AdminContext } from '../runtime/context';
import { getClientFeatures } from './client-features';

/**
 * `GET /api/client/features/:featureName`: one feature as `GET /api/client/features` serves it to the
 * same key (its environment, its projects, the client spec's segment form), or 404 when that list does
 * not have it (unknown, archived, or outside the key's projects).
 */
export async function getClientFeature(
  ctx: AdminContext,
  principal: Principal,
  input: { featureName: string; clientSpec?: string | null },
): Promise<ClientFeature> {
  const { body } = await getClientFeatures(ctx, principal, { namePrefix: input.featureName, clientSpec: input.clientSpec ?? null });
  const feature = body.features.find((f) => f.name === input.featureName);
  if (!feature) throw notFound(`Could not find feature flag ${input.featureName}`);
  return feature;
}
