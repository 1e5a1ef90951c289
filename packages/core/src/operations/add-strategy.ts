import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { StrategyDocument } from '../documents/feature-document';
import { limitExceeded } from '../base/limits';
import { strategyFromBody } from '../rules/strategy-input';
import { strategyAdded, strategyDocument } from '../rules/strategy-events';
import { assertValid } from '../schemas/validation';
import { changeFeatureEnvironment, type ChangeResult, type EnvironmentChange, type FeatureEnvironmentRef } from '../writes/feature-environment-write';
import { checkSegmentReferences } from '../rules/segment-references';
import { bySortOrder } from '../rules/strategy-lookup';

export interface AddStrategyInput extends FeatureEnvironmentRef {
  /** `{name, title?, disabled?, sortOrder?, constraints?, parameters?, segments?, variants?}` */
  body: unknown;
}

/**
 * Adds a strategy to a feature environment (`POST .../environments/:environment/strategies`); the id
 * is made here. Without a sortOrder it goes last. Event: `feature-strategy-add`.
 */
export async function addStrategy(ctx: AdminContext, principal: Principal, input: AddStrategyInput): Promise<ChangeResult<StrategyDocument>> {
  return changeFeatureEnvironment(ctx, principal, input, addStrategyChange(input.body));
}

/** The body checked, and the change the route and a change request's apply run. */
export function addStrategyChange(body: unknown): EnvironmentChange<StrategyDocument> {
  assertValid('strategyBody', body, 'strategy');
  return async ({ tx, project, feature, state, limits }) => {
    if (state.strategies.length >= limits.strategiesPerEnvironment) {
      throw limitExceeded('strategiesPerEnvironment', limits.strategiesPerEnvironment, 'Too many strategies in this feature environment');
    }
    const last = Math.max(-1, ...state.strategies.map((s) => s.sortOrder));
    const strategy = strategyFromBody(body, {
      featureName: feature.name,
      defaultStickiness: project.defaultStickiness,
      id: crypto.randomUUID(),
      idKnown: false,
      sortOrder: last + 1,
      limits,
    });
    await checkSegmentReferences(tx, project.id, strategy.segments);
    state.strategies = bySortOrder([...state.strategies, strategy]);
    const document = strategyDocument(strategy, feature.name);
    return { result: document, events: [strategyAdded(state.name, document)] };
  };
}
