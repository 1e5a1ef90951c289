/**
 * Dependency edits, through the feature write path: the child is written with its events, and a parent
 * whose children list changed is stored with a new version in the same transaction.
 */
import { requireUpdateFeature, type Principal } from '../base/auth';
import { badData } from '../base/errors';
import { jsonEqual } from '../base/json';
import { limitExceeded } from '../base/limits';
import type { FeatureRecord } from '../base/records';
import type { WriteTx } from '../base/storage';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { writeFeature, type FeatureEdit, type FeatureWriteResult } from './feature-write';
import type { WriteOrigin } from './write-origin';

export interface DependencyRef {
  projectId: string;
  /** The child: the feature whose dependencies change. */
  featureName: string;
}

type Dependency = FeatureRecord['dependencies'][number];

/** A direct edit: UPDATE_FEATURE, then the edit in a transaction of its own. */
export async function editDependencies(
  ctx: AdminContext,
  principal: Principal,
  ref: DependencyRef,
  edit: FeatureEdit<null>,
): Promise<FeatureWriteResult<null>> {
  requireUpdateFeature(principal, ref.projectId);
  return ctx.write((tx) => writeFeature(tx, ctx, { principal }, ref, edit));
}

/** The edit inside the caller's write transaction (a change request's apply). */
export function writeDependencies(tx: WriteTx, ctx: AdminContext, origin: WriteOrigin, ref: DependencyRef, edit: FeatureEdit<null>) {
  return writeFeature(tx, ctx, origin, ref, edit);
}

const invalid = (path: string, message: string) => badData(message, [{ message, path }]);

/**
 * A parent (checked here: `{feature, enabled?, variants?}`), as Unleash: in the same project, not
 * archived, with no parents itself, and the child is no parent (one level, so no cycles). The same parent
 * again replaces its conditions. Event: `feature-dependency-added` on the child.
 */
export function addDependencyEdit(projectId: string, input: unknown): FeatureEdit<null> {
  assertValid<{ feature: string; enabled?: boolean; variants?: string[] }>('dependencyBody', input, 'dependency');
  const body = input;
  const enabled = body.enabled ?? true;
  const variants = body.variants ?? [];
  if (!enabled && variants.length) throw invalid('/variants', 'variants can only be required of a parent that must be enabled');
  return async ({ tx, feature: child, limits }) => {
    const parent = await tx.get('features', body.feature);
    if (!parent || parent.project !== projectId)
      throw invalid('/feature', `There is no feature "${body.feature}" in project "${projectId}".`);
    if (parent.name === child.name) throw invalid('/feature', 'A feature cannot depend on itself.');
    if (parent.archived) throw invalid('/feature', `The parent "${parent.name}" is archived.`);
    if (parent.dependencies.length)
      throw invalid('/feature', `"${parent.name}" depends on other features: a parent cannot have parents (one level).`);
    if (child.children.length)
      throw invalid('/feature', `"${child.name}" is a parent of other features: it cannot depend on one (one level).`);
    const dependency: Dependency = { feature: parent.name, enabled, variants: [...variants] };
    const current = child.dependencies.find((d) => d.feature === parent.name);
    if (current && jsonEqual(current, dependency)) return { result: null, events: [] };
    const limit = limits.dependenciesPerFeature;
    if (!current && child.dependencies.length >= limit)
      throw limitExceeded('dependenciesPerFeature', limit, 'Too many parents for one feature');
    child.dependencies = [...child.dependencies.filter((d) => d.feature !== parent.name), dependency];
    return {
      result: null,
      events: [{ type: 'feature-dependency-added', data: dependency, preData: current ?? null }],
      others: [withChild(parent, child.name, true)],
    };
  };
}

/** One parent removed; one the child does not depend on is no change. Event: `feature-dependency-removed`. */
export function deleteDependencyEdit(parent: string): FeatureEdit<null> {
  return async ({ tx, feature: child }) => {
    const current = child.dependencies.find((d) => d.feature === parent);
    if (!current) return { result: null, events: [] };
    child.dependencies = child.dependencies.filter((d) => d !== current);
    return {
      result: null,
      events: [{ type: 'feature-dependency-removed', data: null, preData: current }],
      others: await releasedParents(tx, child, [current.feature]),
    };
  };
}

/** Every parent removed. Event: `feature-dependencies-removed`. */
export const deleteAllDependenciesEdit: FeatureEdit<null> = async ({ tx, feature: child }) => {
  const before = child.dependencies;
  if (before.length === 0) return { result: null, events: [] };
  child.dependencies = [];
  return {
    result: null,
    events: [{ type: 'feature-dependencies-removed', data: null, preData: { dependencies: before } }],
    others: await releasedParents(
      tx,
      child,
      before.map((d) => d.feature),
    ),
  };
};

/** The parent's children list with or without the child, sorted. */
function withChild(parent: FeatureRecord, child: string, present: boolean): FeatureRecord {
  const others = parent.children.filter((c) => c !== child);
  return { ...parent, children: present ? [...others, child].sort() : others };
}

/** The parents named, without the child in their children lists. */
async function releasedParents(tx: WriteTx, child: FeatureRecord, parents: readonly string[]): Promise<FeatureRecord[]> {
  const out: FeatureRecord[] = [];
  for (const name of parents) {
    const parent = await tx.get('features', name);
    if (parent) out.push(withChild(parent, child.name, false));
  }
  return out;
}
