import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { limitExceeded } from '../base/limits';
import type { FeatureDocument } from '../documents/feature-document';
import { badData } from '../base/errors';
import type { FeatureRecord } from '../base/records';
import { jsonEqual } from '../base/json';
import { assertValid } from '../schemas/validation';
import { changeDependencies, withChild, type DependencyChanger } from '../writes/dependency-write';

export interface AddDependencyInput {
  projectId: string;
  /** The child: the feature that gets the dependency. */
  featureName: string;
  /** `{feature, enabled?, variants?}`: the parent, and whether it must be on (with one of the variants). */
  body: unknown;
}

type Dependency = FeatureRecord['dependencies'][number];

const invalid = (path: string, message: string) => badData(message, [{ message, path }]);

/**
 * `POST .../features/:child/dependencies`, as Unleash: the parent is in the same project, not
 * archived, has no parents itself, and the child is no parent (one level, so no cycles). Adding the
 * same parent again replaces its conditions. Event: `feature-dependency-added` on the child.
 */
export async function addDependency(ctx: AdminContext, principal: Principal, input: AddDependencyInput): Promise<{ feature: FeatureDocument; etag: string }> {
  return changeDependencies(ctx, principal, input, addDependencyChange(input.projectId, input.body));
}

/** The dependency change of a body (checked here): what the route and a change request's apply run. */
export function addDependencyChange(projectId: string, input: unknown): DependencyChanger {
  assertValid<{ feature: string; enabled?: boolean; variants?: string[] }>('dependencyBody', input, 'dependency');
  const body = input;
  const enabled = body.enabled ?? true;
  const variants = body.variants ?? [];
  if (!enabled && variants.length) throw invalid('/variants', 'variants can only be required of a parent that must be enabled');
  return async (child, tx, limits) => {
    const parent = await tx.get('features', body.feature);
    if (!parent || parent.project !== projectId) throw invalid('/feature', `There is no feature "${body.feature}" in project "${projectId}".`);
    if (parent.name === child.name) throw invalid('/feature', 'A feature cannot depend on itself.');
    if (parent.archived) throw invalid('/feature', `The parent "${parent.name}" is archived.`);
    if (parent.dependencies.length) throw invalid('/feature', `"${parent.name}" depends on other features: a parent cannot have parents (one level).`);
    if (child.children.length) throw invalid('/feature', `"${child.name}" is a parent of other features: it cannot depend on one (one level).`);
    const dependency: Dependency = { feature: parent.name, enabled, variants: [...variants] };
    const current = child.dependencies.find((d) => d.feature === parent.name);
    if (current && jsonEqual(current, dependency)) return { changed: [], events: [] };
    const limit = limits.dependenciesPerFeature;
    if (!current && child.dependencies.length >= limit) throw limitExceeded('dependenciesPerFeature', limit, 'Too many parents for one feature');
    child.dependencies = [...child.dependencies.filter((d) => d.feature !== parent.name), dependency];
    return {
      changed: [child, withChild(parent, child.name, true)],
      events: [{ type: 'feature-dependency-added', data: dependency, preData: current ?? null }],
    };
  };
}
