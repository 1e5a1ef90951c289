import { requireAdmin, type Principal } from '../base/auth';
import { notFound } from '../base/errors';
import type { AddonRecord } from '../base/vocabulary-records';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { addonEventData, addonId, addonRecord, maskedAddon, requireProvider, type AddonBody } from '../rules/addon-input';
import { assertValid } from '../schemas/validation';

/**
 * `PUT /api/admin/addons/:id` (Unleash's `updateAddon`): the whole integration again; a secret parameter sent
 * as `*****` keeps its stored value. 404 for an unknown id (before the body is checked, as Unleash), then the
 * create rules (400; secrets sealed as createAddon seals them). Event `addon-config-updated` without the parameters.
 */
export async function updateAddon(ctx: AdminContext, principal: Principal, input: { id: string; body: unknown }): Promise<AddonRecord> {
  requireAdmin(principal);
  const id = addonId(input.id);
  return ctx.write(async (tx) => {
    const stored = id === undefined ? undefined : await tx.get('addons', String(id));
    if (!stored) throw notFound(`Could not find addon with id ${input.id}`);
    assertValid<AddonBody>('addonCreateUpdate', input.body, 'addon');
    const record = await ctx.secrets.seal(addonRecord(input.body, requireProvider(input.body), stored), stored);
    await tx.put('addons', record);
    await emit(tx, ctx, principal, [{ type: 'addon-config-updated', data: addonEventData(record), preData: addonEventData(stored) }]);
    return maskedAddon(record);
  });
}
