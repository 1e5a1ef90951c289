import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { FeatureDocument } from '../documents/feature-document';
import { changeDependencies, releasedParents, type DependencyChanger } from '../writes/dependency-write';

/**
 * `DELETE .../features/:child/dependencies/:parent`. A parent the child does not depend on is no
 * change (200, no event). Event: `feature-dependency-removed`.
 */
export async function deleteDependency(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string; parent: string },
): Promise<{ feature: FeatureDocument; etag: string }> {
  return changeDependencies(ctx, principal, input, deleteDependencyChange(input.parent));
}

/** What the route and a change request's apply run. */
export function deleteDependencyChange(parent: string): DependencyChanger {
  return async (child, tx) => {
    const current = child.dependencies.find((d) => d.feature === parent);
    if (!current) return { changed: [], events: [] };
    child.dependencies = child.dependencies.filter((d) => d !== current);
    return {
      changed: [child, ...(await releasedParents(tx, child, [current.feature]))],
      events: [{ type: 'feature-dependency-removed', data: null, preData: current }],
    };
  };
}
