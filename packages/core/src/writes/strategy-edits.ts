/**
 * The strategy edits of a feature environment: each body is checked when the edit is made (so a change
 * request's payload is refused at POST), and the edit is what the route and a change request's apply run.
 */
import { badData } from '../base/errors';
import { limitExceeded } from '../base/limits';
import type { Strategy } from '../base/records';
import type { StrategyDocument } from '../documents/feature-document';
import { disableWithoutEnabledStrategy } from '../rules/environment-state';
import { checkStrategyContextFields } from '../rules/context-field-checks';
import { checkSegmentReferences } from '../rules/segment-references';
import { strategyAdded, strategyDocument, strategyRemoved } from '../rules/strategy-events';
import { strategyFromBody } from '../rules/strategy-input';
import { bySortOrder, strategyIn } from '../rules/strategy-lookup';
import { assertValid } from '../schemas/validation';
import type { EnvironmentEdit } from './feature-environment-write';
import { replaceStrategy } from './replace-strategy';

/** A new strategy (its id made here); without a sortOrder it goes last. Event: `feature-strategy-add`. */
export function addStrategyEdit(body: unknown): EnvironmentEdit<StrategyDocument> {
  assertValid('strategyBody', body, 'strategy');
  return async ({ tx, project, feature, state, limits }) => {
    if (state.strategies.length >= limits.strategiesPerEnvironment) {
      throw limitExceeded('strategiesPerEnvironment', limits.strategiesPerEnvironment, 'Too many strategies in this feature environment');
    }
    const last = Math.max(-1, ...state.strategies.map((s) => s.sortOrder));
    const strategy = await strategyFromBody(body, {
      tx,
      featureName: feature.name,
      defaultStickiness: project.defaultStickiness,
      id: crypto.randomUUID(),
      idKnown: false,
      sortOrder: last + 1,
      limits,
    });
    await checkStrategyContextFields(tx, project.id, strategy);
    await checkSegmentReferences(tx, project.id, strategy.segments);
    state.strategies = bySortOrder([...state.strategies, strategy]);
    const document = strategyDocument(strategy, feature.name);
    return { result: document, events: [strategyAdded(state.name, document)] };
  };
}

/** The whole strategy replaced, as a PUT body (fields left out get their defaults; sortOrder kept). */
export function updateStrategyEdit(strategyId: string, body: unknown): EnvironmentEdit<StrategyDocument> {
  assertValid('strategyBody', body, 'strategy');
  return (scope) => replaceStrategy(scope, strategyId, () => body);
}

/** One strategy removed; the environment is switched off when no enabled strategy is left (as Unleash). */
export function deleteStrategyEdit(strategyId: string): EnvironmentEdit<null> {
  return ({ feature, state }) => {
    const existing = strategyIn(state, feature.name, strategyId);
    state.strategies = state.strategies.filter((s) => s.id !== existing.id);
    const disabled = disableWithoutEnabledStrategy(state);
    return {
      result: null,
      events: [strategyRemoved(state.name, strategyDocument(existing, feature.name)), ...(disabled ? [disabled] : [])],
    };
  };
}

const orderOf = (strategies: readonly Strategy[]) => ({
  strategies: strategies.map((s) => ({
    id: s.id,
    name: s.name,
    ...(s.title !== undefined ? { title: s.title } : {}),
    sortOrder: s.sortOrder,
  })),
});

/** `[{id, sortOrder}]`: strategies left out keep theirs. Event: `strategy-order-changed`, before and after. */
export function strategySortOrderEdit(body: unknown): EnvironmentEdit<null> {
  assertValid<{ id: string; sortOrder: number }[]>('strategySortOrder', body, 'sort order');
  const entries = body;
  return ({ feature, state, limits }) => {
    const { strategiesPerEnvironment: limit } = limits;
    if (entries.length > limit) throw limitExceeded('strategiesPerEnvironment', limit, 'Too many strategies in the sort order');
    const ids = entries.map((e) => e.id);
    const repeated = ids.findIndex((id, i) => ids.indexOf(id) !== i);
    if (repeated !== -1)
      throw badData(`Strategy "${ids[repeated]}" is named twice.`, [{ message: 'repeated id', path: `/${repeated}/id` }]);
    for (const entry of entries) strategyIn(state, feature.name, entry.id);
    const orders = new Map(entries.map((e) => [e.id, e.sortOrder]));
    const before = state.strategies;
    const after = bySortOrder(before.map((s) => (orders.has(s.id) ? { ...s, sortOrder: orders.get(s.id)! } : s)));
    if (after.every((s, i) => s.id === before[i]!.id && s.sortOrder === before[i]!.sortOrder)) return { result: null, events: [] };
    state.strategies = after;
    return { result: null, events: [{ type: 'strategy-order-changed', data: orderOf(after), preData: orderOf(before) }] };
  };
}
