import { requireAdmin, type Principal } from '../base/auth';
import { FRONTEND_SETTINGS, originProblem } from '../base/cors-origins';
import { badData, notFound } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/admin/ui-config/cors` (Unleash's setCors): the origins browsers may read the frontend API
 * and OFREP from (ADMIN), kept in the `unleash.frontend` setting with a `setting-created` or
 * `setting-updated` event, as Unleash. `*` or exact origins; `[]` and `["*"]` allow every origin (as
 * Unleash). A body without `frontendApiOrigins` is a 404, as Unleash answers it. The same list again
 * writes nothing.
 */
export async function setCors(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<void> {
  requireAdmin(principal);
  assertValid<{ frontendApiOrigins?: string[] }>('setCors', input.body, 'CORS setting');
  const origins = input.body.frontendApiOrigins;
  if (origins === undefined) throw notFound('Nothing to set: the body has no frontendApiOrigins.');
  for (const [index, origin] of origins.entries()) {
    const problem = originProblem(origin);
    if (problem) throw badData(problem, [{ message: problem, path: `/frontendApiOrigins/${index}` }]);
  }
  const value = { frontendApiOrigins: [...new Set(origins)] };
  await ctx.write(async (tx) => {
    const before = await tx.get('settings', FRONTEND_SETTINGS);
    if (before && JSON.stringify(before.value) === JSON.stringify(value)) return;
    await tx.put('settings', { name: FRONTEND_SETTINGS, value });
    await emit(tx, ctx, principal, [
      before
        ? { type: 'setting-updated', data: { id: FRONTEND_SETTINGS, ...value }, preData: before.value }
        : { type: 'setting-created', data: { id: FRONTEND_SETTINGS, ...value } },
    ]);
  });
}
