import { requireAdmin, type Principal } from '../base/auth';
import { notFound } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { addonEventData, addonId } from '../rules/addon-input';

/** The event type of a test-send: delivered to its integration only, whatever its filters and even disabled. */
export const ADDON_TEST_EVENT = 'addon-test-requested';

/**
 * `POST /api/admin/addons/:id/test` (beyond Unleash): asks for a test message to the integration. It is an
 * event of the log like any other (`addon-test-requested`, without the parameters), so it is sent by the
 * delivery (`@flagadmin/integrations`), in order after the events before it, and its outcome is read with
 * `getIntegrationEvents`. 404 for an unknown integration.
 */
export async function testAddon(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<void> {
  requireAdmin(principal);
  const id = addonId(input.id);
  await ctx.write(async (tx) => {
    const addon = id === undefined ? undefined : await tx.get('addons', String(id));
    if (!addon) throw notFound(`Could not find addon with id ${input.id}`);
    await emit(tx, ctx, principal, [{ type: ADDON_TEST_EVENT, data: addonEventData(addon) }]);
  });
}
