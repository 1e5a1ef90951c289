import { ADDON_PROVIDERS, type AddonProviderDefinition } from '../base/addon-providers';
import { requireAdminKey, type Principal } from '../base/auth';
import type { AddonRecord } from '../base/vocabulary-records';
import type { AdminContext } from '../runtime/context';
import { maskedAddon } from '../rules/addon-input';

/**
 * `GET /api/admin/addons` (Unleash's `getAddons`): every integration, by id, with its secret parameters as
 * `*****`, and the providers built here (webhook, Slack, Microsoft Teams) with their parameters and events.
 */
export async function getAddons(
  ctx: AdminContext,
  principal: Principal,
): Promise<{ addons: AddonRecord[]; providers: readonly AddonProviderDefinition[] }> {
  requireAdminKey(principal);
  const addons = await ctx.read((tx) => tx.list('addons'));
  addons.sort((a, b) => a.id - b.id);
  return { addons: addons.map(maskedAddon), providers: ADDON_PROVIDERS };
}
