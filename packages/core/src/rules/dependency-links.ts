/**
 * The links between a child and its parents, kept on both sides (the child's `dependencies`, each
 * parent's `children`): copies of the other side with a link removed, for a write to store.
 */
import type { FeatureRecord } from '../base/records';
import type { ReadTx } from '../base/storage';

/** Copies of the parents named, without `child` in their children lists (those that exist). */
export async function parentsWithoutChild(tx: ReadTx, child: string, parents: readonly string[]): Promise<FeatureRecord[]> {
  const out: FeatureRecord[] = [];
  for (const name of parents) {
    const parent = await tx.get('features', name);
    if (parent) out.push({ ...parent, children: parent.children.filter((c) => c !== child) });
  }
  return out;
}

/** Copies of the children named, without their dependency on `parent` (those that exist). */
export async function childrenWithoutParent(tx: ReadTx, parent: string, children: readonly string[]): Promise<FeatureRecord[]> {
  const out: FeatureRecord[] = [];
  for (const name of children) {
    const child = await tx.get('features', name);
    if (child) out.push({ ...child, dependencies: child.dependencies.filter((d) => d.feature !== parent) });
  }
  return out;
}
