import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { eachFeature, reviveEdit } from '../writes/feature-lifecycle-edits';

/** `POST /api/admin/projects/:projectId/revive` `{features}`: revives them all or none (a live or unknown one: 400 / 404). */
export async function reviveFeatures(ctx: AdminContext, principal: Principal, input: { projectId: string; body: unknown }): Promise<null> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<{ features: string[] }>('batchFeaturesBody', input.body, 'features');
  const { features } = input.body;
  await ctx.write((tx) => eachFeature(tx, ctx, { principal }, input.projectId, features, reviveEdit, { mayRevive: true }));
  return null;
}
