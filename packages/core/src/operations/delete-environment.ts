import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { environmentDocument } from '../documents/environment-document';
import { requireUnprotected } from '../rules/environment-protection';
import { environmentNamed } from '../runtime/environment-lookup';
import { eraseEnvironment } from '../writes/environment-writes';

/**
 * `DELETE /api/admin/environments/:name` (ADMIN; Unleash Enterprise's removeEnvironment). Everything
 * naming it goes in the same transaction: features' states and kept configuration, projects' use and
 * default strategies, change-request settings; its API keys stop working at once (revoked). 404
 * unknown, 400 protected. Event: `environment-deleted` with the environment as `preData`.
 */
export async function deleteEnvironment(ctx: AdminContext, principal: Principal, input: { name: string }): Promise<void> {
  requireAdmin(principal);
  await ctx.write(async (tx) => {
    const stored = await environmentNamed(tx, input.name);
    requireUnprotected(stored, 'deleted');
    await eraseEnvironment(tx, stored.name, ctx.now().toISOString());
    await tx.delete('environments', stored.name);
    await emit(tx, ctx, principal, [{ type: 'environment-deleted', preData: environmentDocument(stored) }]);
  });
}
