import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { FeatureDocument } from '../documents/feature-document';
import { changeDependencies, releasedParents } from '../writes/dependency-write';

/** `DELETE .../features/:child/dependencies`: all of them, one event `feature-dependencies-removed`. */
export async function deleteDependencies(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string },
): Promise<{ feature: FeatureDocument; etag: string }> {
  return changeDependencies(ctx, principal, input, async (child, tx) => {
    const before = child.dependencies;
    if (before.length === 0) return { changed: [], events: [] };
    child.dependencies = [];
    return {
      changed: [child, ...(await releasedParents(tx, child, before.map((d) => d.feature)))],
      events: [{ type: 'feature-dependencies-removed', data: null, preData: { dependencies: before } }],
    };
  });
}
