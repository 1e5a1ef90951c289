import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';

/**
 * `GET /api/admin/event-creators` (Unleash's `getEventCreators`): who may have written events, as
 * `[{id, name}]`: every API key of the instance, deleted ones too (events are written by keys; their
 * names stay in the log). Reading the whole event log for the distinct writers is what it spares.
 */
export async function listEventCreators(ctx: AdminContext, principal: Principal): Promise<{ id: number; name: string }[]> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => (await tx.list('apiKeys')).map((k) => ({ id: k.id, name: k.name })).sort((a, b) => a.id - b.id));
}
