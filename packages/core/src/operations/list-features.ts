import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { featureDocument, type FeatureDocument } from '../documents/feature-document';
import { environments, visibleProject } from '../runtime/lookups';

/** Every feature of a project, archived ones included, by name. */
export async function listFeatures(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string },
): Promise<{ version: 1; features: FeatureDocument[] }> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const envs = await environments(tx);
    const records = await tx.list('features', { project: input.projectId });
    return { version: 1, features: records.map((r) => featureDocument(r, envs)) };
  });
}
