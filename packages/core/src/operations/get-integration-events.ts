import { integrationStateName, type IntegrationEventRecord, type IntegrationState } from '../base/addon-providers';
import { requireAdmin, type Principal } from '../base/auth';
import { badData, notFound } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import { addonId } from '../rules/addon-input';

/**
 * `GET /api/admin/addons/:id/events` (Unleash's `getIntegrationEvents`): the integration's latest delivery
 * outcomes, newest first, as `@flagadmin/integrations` records them; `limit` 1–100 (else 50) and `offset`
 * as Unleash normalizes them. 400 for an id that is no number, 404 for an unknown integration.
 */
export async function getIntegrationEvents(
  ctx: AdminContext,
  principal: Principal,
  input: { id: string; limit?: string | null; offset?: string | null },
): Promise<{ integrationEvents: IntegrationEventRecord[] }> {
  requireAdmin(principal);
  if (Number.isNaN(Number(input.id))) throw badData('Invalid integration configuration id');
  const id = addonId(input.id);
  const limit = Number(input.limit ?? 50) > 0 && Number(input.limit ?? 50) <= 100 ? Math.floor(Number(input.limit ?? 50)) : 50;
  const offset = Number(input.offset ?? 0) > 0 ? Math.floor(Number(input.offset)) : 0;
  return ctx.read(async (tx) => {
    const addon = id === undefined ? undefined : await tx.get('addons', String(id));
    if (!addon) throw notFound(`Could not find addon with id ${input.id}`);
    const state = (await tx.get('settings', integrationStateName(addon.id)))?.value as IntegrationState | undefined;
    return { integrationEvents: (state?.integrationEvents ?? []).slice(offset, offset + limit) };
  });
}
