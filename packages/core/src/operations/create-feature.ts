import { requireUpdateFeature, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { FeatureDocument } from '../documents/feature-document';
import { AdminError, badData, notFound } from '../base/errors';
import type { FeatureRecord, FeatureType, Tag } from '../base/records';
import { assertValid } from '../schemas/validation';
import { tagKey } from '../base/tags';
import { limitExceeded } from '../base/limits';
import { commitNewFeature } from '../writes/feature-write';

export interface CreateFeatureInput {
  projectId: string;
  /** `{name, type?, description?, impressionData?, tags?}` */
  body: unknown;
}

interface CreateFeatureBody {
  name: string;
  type?: FeatureType;
  description?: string | null;
  impressionData?: boolean;
  tags?: Tag[];
}

/** Creates a feature in a project, disabled in every environment of the project, with no strategies. */
export async function createFeature(ctx: AdminContext, principal: Principal, input: CreateFeatureInput): Promise<FeatureDocument> {
  requireUpdateFeature(principal, input.projectId);
  assertValid<CreateFeatureBody>('createFeature', input.body, 'feature');
  const body = input.body;
  const tags = (body.tags ?? []).map((t) => ({ type: t.type, value: t.value }));
  if (new Set(tags.map(tagKey)).size !== tags.length) throw badData('The feature is invalid: tags must not repeat');
  if (tags.length > ctx.limits.tagsPerFeature)
    throw limitExceeded('tagsPerFeature', ctx.limits.tagsPerFeature, `Too many tags (${tags.length})`, '/tags');
  return ctx.write(async (tx) => {
    const project = await tx.get('projects', input.projectId);
    if (!project) throw notFound(`Could not find project with id "${input.projectId}".`);
    if (await tx.get('features', body.name)) {
      throw new AdminError(
        'NameExistsError',
        `A feature named "${body.name}" already exists (names are unique across projects and the archive).`,
      );
    }
    const now = ctx.now().toISOString();
    const record: FeatureRecord = {
      name: body.name,
      project: project.id,
      type: body.type ?? 'release',
      description: body.description ?? null,
      archived: false,
      archivedAt: null,
      stale: false,
      favorite: false,
      impressionData: body.impressionData ?? false,
      createdAt: now,
      lastSeenAt: null,
      lifecycle: { stage: 'initial', enteredStageAt: now },
      tags,
      variants: [],
      dependencies: [],
      children: [],
      environments: project.environments.map((name) => ({ name, enabled: false, strategies: [], variants: [], lastSeenAt: null })),
      version: 1,
      productionAt: null,
    };
    return commitNewFeature(tx, ctx, { principal }, record);
  });
}
