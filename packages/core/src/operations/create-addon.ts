import { integrationStateName, type IntegrationState } from '../base/addon-providers';
import { requireAdmin, type Principal } from '../base/auth';
import type { AddonRecord } from '../base/vocabulary-records';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { addonEventData, addonRecord, maskedAddon, requireProvider, type AddonBody } from '../rules/addon-input';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/admin/addons` (Unleash's `createAddon`): 201 with the integration, its secrets as `*****`. 400 for
 * an unknown provider, a required parameter missing, a URL that is not http(s), custom headers that are not a
 * JSON object of strings, or a secret parameter while the instance has no key to seal it with (secrets are
 * stored sealed: base/addon-secrets.ts). Event `addon-config-created` without the parameters. Its delivery state starts
 * at the events after this write (earlier ones are not sent).
 */
export async function createAddon(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<AddonRecord> {
  requireAdmin(principal);
  assertValid<AddonBody>('addonCreateUpdate', input.body, 'addon');
  const body = input.body;
  const provider = requireProvider(body);
  return ctx.write(async (tx) => {
    const given = addonRecord(body, provider, { id: await tx.nextSequence('addon'), createdAt: ctx.now().toISOString() });
    const record = await ctx.secrets.seal(given);
    await tx.put('addons', record);
    // Delivery starts after the events before this write: the last of them is the count (ids have no gaps).
    const state: IntegrationState = { lastEventId: await tx.countEvents({}), integrationEvents: [] };
    await tx.put('settings', { name: integrationStateName(record.id), value: state });
    await emit(tx, ctx, principal, [{ type: 'addon-config-created', data: addonEventData(record) }]);
    return maskedAddon(record);
  });
}
