import { requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit, type EventInput } from '../runtime/emit';
import { environmentDocument } from '../documents/environment-document';
import { assertValid } from '../schemas/validation';

/**
 * `PUT /api/admin/environments/sort-order` (ADMIN): `{name: sortOrder}`; names of no environment are
 * ignored, as Unleash does. One `environment-updated` event per environment whose order changed.
 */
export async function updateEnvironmentSortOrder(ctx: AdminContext, principal: Principal, input: { body: unknown }): Promise<void> {
  requireAdmin(principal);
  assertValid<Record<string, number>>('environmentSortOrder', input.body, 'sort order');
  const orders = new Map(Object.entries(input.body));
  await ctx.write(async (tx) => {
    const events: EventInput[] = [];
    for (const [name, sortOrder] of orders) {
      const stored = await tx.get('environments', name);
      if (!stored || stored.sortOrder === sortOrder) continue;
      const updated = { ...stored, sortOrder };
      await tx.put('environments', updated);
      events.push({ type: 'environment-updated', data: environmentDocument(updated), preData: environmentDocument(stored) });
    }
    await emit(tx, ctx, principal, events);
  });
}
