import { requireUpdateFeatureEnvironment, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { toggleEdit } from '../writes/environment-edits';
import { writeFeatureEnvironment } from '../writes/feature-environment-write';
import { distinctNames } from '../writes/feature-lifecycle-edits';

export interface BulkToggleInput {
  projectId: string;
  environment: string;
  enabled: boolean;
  /** `{features: [name, ...]}` */
  body: unknown;
}

/**
 * `POST /api/admin/projects/:projectId/bulk_features/environments/:environment/on` and `/off`: each
 * feature as `POST .../on` or `/off` would, all in one transaction (one that cannot: nothing changes).
 */
export async function bulkToggleEnvironment(ctx: AdminContext, principal: Principal, input: BulkToggleInput): Promise<null> {
  requireUpdateFeatureEnvironment(principal, input.projectId, input.environment);
  assertValid<{ features: string[] }>('batchFeaturesBody', input.body, 'features');
  const { features } = input.body;
  const { projectId, environment } = input;
  await ctx.write(async (tx) => {
    for (const featureName of distinctNames(features))
      await writeFeatureEnvironment(tx, ctx, { principal }, { projectId, featureName, environment }, toggleEdit(input.enabled));
  });
  return null;
}
