import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { featureDocument, type FeatureDocument } from '../documents/feature-document';
import { potentiallyStaleFrom } from '../documents/feature-types';
import { readFeatureLifetimes } from '../runtime/feature-lifetimes';
import { environments, visibleProject } from '../runtime/lookups';

/**
 * The project's live features, by name: archived ones are left out, as Unleash's getFeatures leaves
 * them (the archive routes list them). `until`: the next time one of them turns potentially stale by
 * the clock alone (absent when none will).
 */
export async function listFeatures(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string },
): Promise<{ version: 1; features: FeatureDocument[]; until?: number }> {
  requireAdminKey(principal);
  const now = ctx.now();
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const envs = await environments(tx);
    const lifetimes = await readFeatureLifetimes(tx);
    const records = (await tx.list('features', { project: input.projectId })).filter((r) => !r.archived);
    let until = Infinity;
    const features = records.map((r) => {
      const document = featureDocument(r, envs, { lifetimes, now });
      const from = potentiallyStaleFrom(r, lifetimes);
      if (from !== undefined && !document.potentiallyStale) until = Math.min(until, from + 1);
      return document;
    });
    return { version: 1, features, ...(until === Infinity ? {} : { until }) };
  });
}
