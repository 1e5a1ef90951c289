import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { eachFeature, staleEdit } from '../writes/feature-lifecycle-edits';

/** `POST /api/admin/projects/:projectId/stale` `{features, stale}`: all or none (an unknown name: 404); features already so: no event. */
export async function staleFeatures(ctx: AdminContext, principal: Principal, input: { projectId: string; body: unknown }): Promise<null> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<{ features: string[]; stale: boolean }>('batchStaleBody', input.body, 'stale features');
  const { features, stale } = input.body;
  await ctx.write((tx) => eachFeature(tx, ctx, { principal }, input.projectId, features, staleEdit(stale)));
  return null;
}
