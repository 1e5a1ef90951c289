/**
 * The write path of dependency changes: the child and, when its children list changed, the parent
 * are stored with new versions, and the child's events commit with them.
 */
import { requireUpdateFeature, type Principal } from '../base/auth';
import { emit, type EventInput } from '../runtime/emit';
import type { AdminContext } from '../runtime/context';
import { featureDocument, type FeatureDocument } from '../documents/feature-document';
import type { FeatureRecord } from '../base/records';
import type { WriteTx } from '../base/storage';
import type { Limits } from '../base/limits';
import { etagOf } from '../base/etag';
import { jsonClone, jsonEqual } from '../base/json';
import { environments, featureInProject } from '../runtime/lookups';
import { causedBy, type ChangeOrigin } from './write-origin';

export interface DependencyChange {
  /** Features changed by the change (copies), the child first; unchanged ones are not stored. */
  changed: FeatureRecord[];
  events: EventInput[];
}

export type DependencyChanger = (child: FeatureRecord, tx: WriteTx, limits: Limits) => Promise<DependencyChange>;

/** A direct change: UPDATE_FEATURE, then the change in a transaction of its own. */
export async function changeDependencies(
  ctx: AdminContext,
  principal: Principal,
  ref: { projectId: string; featureName: string },
  change: DependencyChanger,
): Promise<{ feature: FeatureDocument; etag: string }> {
  requireUpdateFeature(principal, ref.projectId);
  return ctx.write((tx) => changeDependenciesInTx(tx, ctx, { principal }, ref, change));
}

/** The change inside the caller's write transaction (the route's own, or a change request's apply). */
export async function changeDependenciesInTx(
  tx: WriteTx,
  ctx: AdminContext,
  origin: ChangeOrigin,
  ref: { projectId: string; featureName: string },
  change: DependencyChanger,
): Promise<{ feature: FeatureDocument; etag: string }> {
  const child = await featureInProject(tx, ref.projectId, ref.featureName);
  const { changed, events } = await change(jsonClone(child), tx, ctx.limits);
  const envs = await environments(tx);
  if (events.length === 0) return { feature: featureDocument(child, envs), etag: etagOf(child.version) };
  for (const next of changed) {
    const stored = next.name === child.name ? child : await tx.get('features', next.name);
    if (stored && jsonEqual(stored, next)) continue;
    next.version = (stored?.version ?? 0) + 1;
    await tx.put('features', next);
  }
  const after = changed.find((f) => f.name === child.name) ?? child;
  const data = featureDocument(after, envs);
  await emit(tx, ctx, origin.principal, events.map((e) => ({ ...causedBy(origin), project: ref.projectId, featureName: child.name, tags: after.tags, ...e })));
  return { feature: data, etag: etagOf(after.version) };
}

/** The parent's children list with or without the child, sorted. */
export function withChild(parent: FeatureRecord, child: string, present: boolean): FeatureRecord {
  const others = parent.children.filter((c) => c !== child);
  return { ...parent, children: present ? [...others, child].sort() : others };
}

/** The parents named, without the child in their children lists. */
export async function releasedParents(tx: WriteTx, child: FeatureRecord, parents: readonly string[]): Promise<FeatureRecord[]> {
  const out: FeatureRecord[] = [];
  for (const name of parents) {
    const parent = await tx.get('features', name);
    if (parent) out.push(withChild(parent, child.name, false));
  }
  return out;
}
