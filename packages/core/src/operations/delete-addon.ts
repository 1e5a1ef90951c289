import { requireAdmin, type Principal } from '../base/auth';
import { integrationStateName } from '../base/addon-providers';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { addonEventData, addonId } from '../rules/addon-input';

/**
 * `DELETE /api/admin/addons/:id` (Unleash's `deleteAddon`): the integration and its delivery state go; an
 * unknown id is no change (200, as Unleash). Event `addon-config-deleted` without the parameters.
 */
export async function deleteAddon(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<void> {
  requireAdmin(principal);
  const id = addonId(input.id);
  if (id === undefined) return;
  await ctx.write(async (tx) => {
    const stored = await tx.get('addons', String(id));
    if (!stored) return;
    await tx.delete('addons', String(id));
    await tx.delete('settings', integrationStateName(id));
    await emit(tx, ctx, principal, [{ type: 'addon-config-deleted', preData: addonEventData(stored) }]);
  });
}
