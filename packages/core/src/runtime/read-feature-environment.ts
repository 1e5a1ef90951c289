import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from './context';
import { environmentOf, featureInProject, visibleProject } from './lookups';
import type { FeatureEnvironmentState } from '../base/records';
import type { ReadTx } from '../base/storage';

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
    return read(environmentOf(feature, query.environment), tx);
  });
}
