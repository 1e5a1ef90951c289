import type { Principal } from '../base/auth';
import { featureDocument, type EnvironmentDocument } from '../documents/feature-document';
import type { AdminContext } from '../runtime/context';
import { environments, environmentOf, featureInProject, visibleProject } from '../runtime/lookups';
import { requireAdminKey } from '../base/auth';

/** `GET .../features/:featureName/environments/:environment`: the environment as the feature document shows it. */
export async function getFeatureEnvironment(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string; environment: string },
): Promise<EnvironmentDocument> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const feature = await featureInProject(tx, input.projectId, input.featureName);
    environmentOf(feature, input.environment);
    return featureDocument(feature, await environments(tx)).environments.find((e) => e.name === input.environment)!;
  });
}
