import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { badData } from '../base/errors';
import { limitExceeded } from '../base/limits';
import type { Strategy } from '../base/records';
import { assertValid } from '../schemas/validation';
import { changeFeatureEnvironment, type ChangeResult, type EnvironmentChange, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import { bySortOrder, strategyIn } from '../rules/strategy-lookup';

export interface SetStrategySortOrderInput extends FeatureEnvironmentRef {
  /** `[{id, sortOrder}]`: strategies left out keep theirs. */
  body: unknown;
}

const orderOf = (strategies: readonly Strategy[]) => ({
  strategies: strategies.map((s) => ({ id: s.id, name: s.name, ...(s.title !== undefined ? { title: s.title } : {}), sortOrder: s.sortOrder })),
});

/**
 * Sets the sortOrder of strategies (`POST .../strategies/set-sort-order`). An id not in this feature
 * environment is a 404; one event `strategy-order-changed` with the order before and after.
 */
export async function setStrategySortOrder(ctx: AdminContext, principal: Principal, input: SetStrategySortOrderInput): Promise<ChangeResult<null>> {
  return changeFeatureEnvironment(ctx, principal, input, strategySortOrderChange(input.body));
}

/** The body checked, and the change the route and a change request's apply run. */
export function strategySortOrderChange(body: unknown): EnvironmentChange<null> {
  assertValid<{ id: string; sortOrder: number }[]>('strategySortOrder', body, 'sort order');
  const entries = body;
  return ({ feature, state, limits }) => {
    const { strategiesPerEnvironment: limit } = limits;
    if (entries.length > limit) throw limitExceeded('strategiesPerEnvironment', limit, 'Too many strategies in the sort order');
    const ids = entries.map((e) => e.id);
    const repeated = ids.findIndex((id, i) => ids.indexOf(id) !== i);
    if (repeated !== -1) throw badData(`Strategy "${ids[repeated]}" is named twice.`, [{ message: 'repeated id', path: `/${repeated}/id` }]);
    for (const entry of entries) strategyIn(state, feature.name, entry.id);
    const orders = new Map(entries.map((e) => [e.id, e.sortOrder]));
    const before = state.strategies;
    const after = bySortOrder(before.map((s) => (orders.has(s.id) ? { ...s, sortOrder: orders.get(s.id)! } : s)));
    if (after.every((s, i) => s.id === before[i]!.id && s.sortOrder === before[i]!.sortOrder)) return { result: null, events: [] };
    state.strategies = after;
    return { result: null, events: [{ type: 'strategy-order-changed', data: orderOf(after), preData: orderOf(before) }] };
  };
}
