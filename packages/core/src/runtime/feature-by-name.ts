/** A feature named without its project (Unleash's `/api/admin/archive/...` paths): found only in the key's scope. */
import { canSeeProject, type Principal } from '../base/auth';
import { notFound } from '../base/errors';
import type { FeatureRecord } from '../base/records';
import type { ReadTx } from '../base/storage';

/** The feature, or 404 when there is none or its project is outside the key's scope (which it never reveals). */
export async function featureByName(tx: ReadTx, principal: Principal, featureName: string): Promise<FeatureRecord> {
  const feature = await tx.get('features', featureName);
  if (!feature || !canSeeProject(principal, feature.project)) throw notFound(`Could not find feature "${featureName}".`);
  return feature;
}
