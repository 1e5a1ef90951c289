import { requireAdminKey, type Principal } from '../auth';
import type { AdminContext } from '../context';
import type { StrategyDocument } from '../documents/feature-document';
import { strategyDocument } from '../flag-config/strategy-events';
import type { FeatureEnvironmentState } from '../records';
import type { ReadTx } from '../storage';
import { environmentState } from './feature-environment-change';
import { featureInProject, visibleProject } from '../lookups';
import { strategyIn } from './strategy-lookup';

export interface FeatureEnvironmentQuery {
  projectId: string;
  featureName: string;
  environment: string;
}

/** Reads one feature environment of a project the key may see (404 for everything else). */
export async function readFeatureEnvironment<T>(
  ctx: AdminContext,
  principal: Principal,
  query: FeatureEnvironmentQuery,
  read: (state: FeatureEnvironmentState, tx: ReadTx) => T,
): Promise<T> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, query.projectId);
    const feature = await featureInProject(tx, query.projectId, query.featureName);
    return read(environmentState(feature, query.environment), tx);
  });
}

/** `GET .../environments/:environment/strategies`: the strategies in their order. */
export function getStrategies(ctx: AdminContext, principal: Principal, input: FeatureEnvironmentQuery): Promise<StrategyDocument[]> {
  return readFeatureEnvironment(ctx, principal, input, (state) => state.strategies.map((s) => strategyDocument(s, input.featureName)));
}

/** `GET .../strategies/:strategyId`. */
export function getStrategy(ctx: AdminContext, principal: Principal, input: FeatureEnvironmentQuery & { strategyId: string }): Promise<StrategyDocument> {
  return readFeatureEnvironment(ctx, principal, input, (state) => strategyDocument(strategyIn(state, input.featureName, input.strategyId), input.featureName));
}
