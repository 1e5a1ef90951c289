import { requireAdminKey, type Principal } from '../base/auth';
import { FEATURE_TYPES } from '../base/records';
import type { AdminContext } from '../runtime/context';
import { featureTypeDocument, type FeatureTypeDocument } from '../documents/feature-types';
import { readFeatureLifetimes } from '../runtime/feature-lifetimes';

/** Unleash's five feature types with their lifetimes in force (its defaults, or what an admin set). */
export async function getFeatureTypes(ctx: AdminContext, principal: Principal): Promise<{ version: 1; types: FeatureTypeDocument[] }> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const lifetimes = await readFeatureLifetimes(tx);
    return { version: 1, types: FEATURE_TYPES.map((id) => featureTypeDocument(id, lifetimes)) };
  });
}
