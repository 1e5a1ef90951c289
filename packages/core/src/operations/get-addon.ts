import { requireAdminKey, type Principal } from '../base/auth';
import { notFound } from '../base/errors';
import type { AddonRecord } from '../base/vocabulary-records';
import type { AdminContext } from '../runtime/context';
import { addonId, maskedAddon } from '../rules/addon-input';

/** `GET /api/admin/addons/:id` (Unleash's `getAddon`): one integration, secrets as `*****`; 404 when unknown. */
export async function getAddon(ctx: AdminContext, principal: Principal, input: { id: string }): Promise<AddonRecord> {
  requireAdminKey(principal);
  const id = addonId(input.id);
  const record = id === undefined ? undefined : await ctx.read((tx) => tx.get('addons', String(id)));
  if (!record) throw notFound(`Could not find addon with id ${input.id}`);
  return maskedAddon(record);
}
