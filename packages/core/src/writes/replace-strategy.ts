import type { StrategyDocument } from '../documents/feature-document';
import type { EventInput } from '../runtime/emit';
import { jsonEqual } from '../base/json';
import { disableWithoutEnabledStrategy } from '../rules/environment-state';
import type { EnvironmentEditScope } from './feature-environment-write';
import { checkStrategyContextFields } from '../rules/context-field-checks';
import { checkSegmentReferences } from '../rules/segment-references';
import { strategyDocument, strategyUpdated } from '../rules/strategy-events';
import { strategyFromBody } from '../rules/strategy-input';
import { bySortOrder, strategyIn } from '../rules/strategy-lookup';

/**
 * The shared end of PUT and PATCH: the body for the strategy (given its current document) is checked
 * and stored in its place; no event when nothing changed.
 */
export async function replaceStrategy(
  { tx, project, feature, state, limits }: EnvironmentEditScope,
  strategyId: string,
  bodyFor: (current: StrategyDocument) => unknown,
): Promise<{ result: StrategyDocument; events: EventInput[] }> {
  const existing = strategyIn(state, feature.name, strategyId);
  const before = strategyDocument(existing, feature.name);
  const next = await strategyFromBody(bodyFor(before), {
    tx,
    previousName: existing.name,
    featureName: feature.name,
    defaultStickiness: project.defaultStickiness,
    id: existing.id,
    idKnown: true,
    sortOrder: existing.sortOrder,
    limits,
  });
  await checkStrategyContextFields(tx, project.id, next);
  await checkSegmentReferences(tx, project.id, next.segments);
  if (jsonEqual(next, existing)) return { result: before, events: [] };
  state.strategies = bySortOrder(state.strategies.map((s) => (s.id === existing.id ? next : s)));
  const after = strategyDocument(next, feature.name);
  const disabled = disableWithoutEnabledStrategy(state);
  return { result: after, events: [strategyUpdated(state.name, before, after), ...(disabled ? [disabled] : [])] };
}
