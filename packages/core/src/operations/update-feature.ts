import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { updateFeatureEdit, type UpdateFeatureBody } from '../writes/feature-lifecycle-edits';
import { writeFeature, type FeatureWriteResult } from '../writes/feature-write';

export interface UpdateFeatureInput {
  projectId: string;
  featureName: string;
  /** `{description?, type?, stale?, impressionData?, archived?: false}` */
  body: unknown;
  ifMatch?: string | null;
}

/**
 * `PUT /api/admin/projects/:projectId/features/:featureName`: the feature's metadata replaced as Unleash
 * replaces it (type, stale and impressionData take their defaults when left out); archived only false.
 */
export async function updateFeature(ctx: AdminContext, principal: Principal, input: UpdateFeatureInput): Promise<FeatureWriteResult<null>> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<UpdateFeatureBody>('updateFeatureBody', input.body, 'feature');
  const edit = updateFeatureEdit(input.body);
  return ctx.write((tx) => writeFeature(tx, ctx, { principal }, input, edit));
}
