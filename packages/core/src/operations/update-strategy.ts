import type { Principal } from '../auth';
import type { AdminContext } from '../context';
import type { StrategyDocument } from '../documents/feature-document';
import { disableWithoutEnabledStrategy } from '../flag-config/environment-state';
import { strategyFromBody } from '../flag-config/strategy-input';
import { strategyDocument, strategyUpdated } from '../flag-config/strategy-events';
import type { EventInput } from '../emit';
import { jsonEqual } from '../json';
import { assertValid } from '../validation';
import { changeFeatureEnvironment, type ChangeResult, type ChangeScope, type FeatureEnvironmentRef } from './feature-environment-change';
import { checkSegmentReferences } from './segment-references';
import { bySortOrder, strategyIn } from './strategy-lookup';

export interface UpdateStrategyInput extends FeatureEnvironmentRef {
  strategyId: string;
  /** The whole strategy, as for POST; fields left out get their defaults (sortOrder: kept). */
  body: unknown;
}

/**
 * Replaces one strategy (`PUT .../strategies/:strategyId`). Events: `feature-strategy-update`, and
 * `feature-environment-disabled` when it was the environment's last enabled strategy and is now disabled.
 */
export async function updateStrategy(ctx: AdminContext, principal: Principal, input: UpdateStrategyInput): Promise<ChangeResult<StrategyDocument>> {
  assertValid('strategyBody', input.body, 'strategy');
  return changeFeatureEnvironment(ctx, principal, input, (scope) => replaceStrategy(scope, input.strategyId, () => input.body));
}

/**
 * The shared end of PUT and PATCH: the body for the strategy (given its current document) is checked
 * and stored in its place; no event when nothing changed.
 */
export async function replaceStrategy(
  { tx, project, feature, state }: ChangeScope,
  strategyId: string,
  bodyFor: (current: StrategyDocument) => unknown,
): Promise<{ result: StrategyDocument; events: EventInput[] }> {
  const existing = strategyIn(state, feature.name, strategyId);
  const before = strategyDocument(existing, feature.name);
  const next = strategyFromBody(bodyFor(before), {
    featureName: feature.name,
    defaultStickiness: project.defaultStickiness,
    id: existing.id,
    idKnown: true,
    sortOrder: existing.sortOrder,
  });
  await checkSegmentReferences(tx, project.id, next.segments);
  if (jsonEqual(next, existing)) return { result: before, events: [] };
  state.strategies = bySortOrder(state.strategies.map((s) => (s.id === existing.id ? next : s)));
  const after = strategyDocument(next, feature.name);
  const disabled = disableWithoutEnabledStrategy(state);
  return { result: after, events: [strategyUpdated(state.name, before, after), ...(disabled ? [disabled] : [])] };
}
