import { requireUpdateFeature, requireUpdateFeatureEnvironment, type Principal } from '../base/auth';
import { AdminError, notFound } from '../base/errors';
import type { FeatureRecord } from '../base/records';
import type { FeatureDocument } from '../documents/feature-document';
import type { AdminContext } from '../runtime/context';
import { featureInProject } from '../runtime/lookups';
import { changeRequestConfig } from '../rules/change-request-config';
import { assertValid } from '../schemas/validation';
import { commitNewFeature } from '../writes/feature-write';

export interface CloneFeatureInput {
  projectId: string;
  /** The feature cloned. */
  featureName: string;
  /** `{name, replaceGroupId?}` */
  body: unknown;
}

/**
 * `POST .../features/:featureName/clone` (201): a new feature of the same project with the source's type,
 * description, impression data, tags, parents and, per environment, its strategies (new ids; a `groupId`
 * naming the source becomes the new name unless `replaceGroupId: false`) and variants; off everywhere,
 * lifecycle `initial`, as Unleash clones. The name follows create's rule (400, 409 taken, archived ones
 * too). Environments with strategies or variants need UPDATE_FEATURE_ENVIRONMENT there; a project with
 * change requests on in any environment refuses clones (403, as Unleash). One event: `feature-created`.
 */
export async function cloneFeature(ctx: AdminContext, principal: Principal, input: CloneFeatureInput): Promise<FeatureDocument> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<{ name: string; replaceGroupId?: boolean }>('cloneFeatureBody', input.body, 'clone');
  const { name, replaceGroupId = true } = input.body;
  return ctx.write(async (tx) => {
    const source = await featureInProject(tx, input.projectId, input.featureName);
    const project = (await tx.get('projects', input.projectId))!;
    for (const env of source.environments) {
      if (env.strategies.length || env.variants.length) requireUpdateFeatureEnvironment(principal, project.id, env.name);
      if (project.environments.includes(env.name) && (await changeRequestConfig(tx, project.id, env.name)).enabled)
        throw new AdminError('OperationDeniedError', `Cloning is not allowed: project "${project.id}" has change requests enabled.`);
    }
    if (await tx.get('features', name))
      throw new AdminError(
        'NameExistsError',
        `A feature named "${name}" already exists (names are unique across projects and the archive).`,
      );
    const now = ctx.now().toISOString();
    const record: FeatureRecord = {
      name,
      project: project.id,
      type: source.type,
      description: source.description,
      archived: false,
      archivedAt: null,
      stale: false,
      favorite: false,
      impressionData: source.impressionData,
      createdAt: now,
      lastSeenAt: null,
      lifecycle: { stage: 'initial', enteredStageAt: now },
      tags: source.tags.map((t) => ({ ...t })),
      variants: [],
      dependencies: source.dependencies.map((d) => ({ ...d, variants: [...d.variants] })),
      children: [],
      environments: source.environments.map((env) => ({
        name: env.name,
        enabled: false,
        lastSeenAt: null,
        variants: structuredClone(env.variants),
        strategies: env.strategies.map((s) => {
          const parameters = { ...s.parameters };
          if (replaceGroupId && Object.hasOwn(parameters, 'groupId')) parameters['groupId'] = name;
          return { ...structuredClone(s), id: crypto.randomUUID(), parameters };
        }),
      })),
      version: 1,
      productionAt: null,
    };
    const parents: FeatureRecord[] = [];
    for (const d of record.dependencies) {
      const parent = await tx.get('features', d.feature);
      if (!parent) throw notFound(`Could not find the parent "${d.feature}" of "${source.name}".`);
      parents.push({ ...parent, children: [...parent.children.filter((c) => c !== name), name].sort() });
    }
    return commitNewFeature(tx, ctx, { principal }, record, parents);
  });
}
