import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { featureDocument, type FeatureDocument } from '../documents/feature-document';
import { potentiallyStaleFrom } from '../documents/feature-types';
import { notFound } from '../base/errors';
import { etagOf } from '../base/etag';
import { readFeatureLifetimes } from '../runtime/feature-lifetimes';
import { environments, visibleProject } from '../runtime/lookups';

/**
 * One feature of a project (archived ones too), with its ETag; 404 outside the key's scope. `until`:
 * when its `potentiallyStale` turns true by the clock alone (absent when it never does).
 */
export async function getFeature(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string },
): Promise<{ feature: FeatureDocument; etag: string; until?: number }> {
  requireAdminKey(principal);
  const now = ctx.now();
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const record = await tx.get('features', input.featureName);
    if (!record || record.project !== input.projectId) {
      throw notFound(`Could not find feature "${input.featureName}" in project "${input.projectId}".`);
    }
    const lifetimes = await readFeatureLifetimes(tx);
    const feature = featureDocument(record, await environments(tx), { lifetimes, now });
    const from = potentiallyStaleFrom(record, lifetimes);
    return { feature, etag: etagOf(record.version), ...(from !== undefined && !feature.potentiallyStale ? { until: from + 1 } : {}) };
  });
}
