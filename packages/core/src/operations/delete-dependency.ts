import type { Principal } from '../auth';
import type { AdminContext } from '../context';
import type { FeatureDocument } from '../documents/feature-document';
import type { FeatureRecord } from '../records';
import type { WriteTx } from '../storage';
import { changeDependencies, withChild } from './dependency-write';

/** The parents named, without the child in their children lists. */
async function releasedParents(tx: WriteTx, child: FeatureRecord, parents: readonly string[]): Promise<FeatureRecord[]> {
  const out: FeatureRecord[] = [];
  for (const name of parents) {
    const parent = await tx.get('features', name);
    if (parent) out.push(withChild(parent, child.name, false));
  }
  return out;
}

/**
 * `DELETE .../features/:child/dependencies/:parent`. A parent the child does not depend on is no
 * change (200, no event). Event: `feature-dependency-removed`.
 */
export async function deleteDependency(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; featureName: string; parent: string },
): Promise<{ feature: FeatureDocument; etag: string }> {
  return changeDependencies(ctx, principal, input, async (child, tx) => {
    const current = child.dependencies.find((d) => d.feature === input.parent);
    if (!current) return { changed: [], events: [] };
    child.dependencies = child.dependencies.filter((d) => d !== current);
    return {
      changed: [child, ...(await releasedParents(tx, child, [current.feature]))],
      events: [{ type: 'feature-dependency-removed', data: null, preData: current }],
    };
  });
}

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
