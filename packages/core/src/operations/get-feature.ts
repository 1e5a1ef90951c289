import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { featureDocument, type FeatureDocument } from '../documents/feature-document';
import { notFound } from '../base/errors';
import { etagOf } from '../base/etag';
import { environments, visibleProject } from '../runtime/lookups';

/** One feature of a project (archived ones too), with its ETag; 404 outside the key's scope. */
export async function getFeature(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string },
): Promise<{ feature: FeatureDocument; etag: string }> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const record = await tx.get('features', input.featureName);
    if (!record || record.project !== input.projectId) {
      throw notFound(`Could not find feature "${input.featureName}" in project "${input.projectId}".`);
    }
    return { feature: featureDocument(record, await environments(tx)), etag: etagOf(record.version) };
  });
}
