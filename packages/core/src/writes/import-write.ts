/**
 * An import of Unleash's export format, in the caller's write transaction, after the report found no
 * error: tag types and context fields new here, then each feature through the feature write path
 * (created, or its metadata replaced), its environment variants, tags and links, its strategies in the
 * environment replaced and its on/off state, its dependencies; last `features-imported`. Every change is
 * the edit its own route runs, with the same checks and events, so a value the route refuses (a
 * constraint's illegal value, a variant's unknown stickiness) fails the whole import.
 */
import type { Principal } from '../base/auth';
import type { FeatureRecord, FeatureType, Tag } from '../base/records';
import type { WriteTx } from '../base/storage';
import { tagKey } from '../base/tags';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { legalValuesOf } from '../rules/context-field-input';
import type { ImportBody, ImportData, ImportStrategy } from '../rules/import-report';
import { strategyDocument, strategyRemoved } from '../rules/strategy-events';
import { assertValid } from '../schemas/validation';
import { writeContextField } from './context-field-write';
import { addDependencyEdit } from './dependency-write';
import { putVariantsEdit, toggleEdit } from './environment-edits';
import { writeFeatureEnvironment, type EnvironmentEdit } from './feature-environment-write';
import { addLinkEdit, deleteLinkEdit, updateFeatureEdit } from './feature-lifecycle-edits';
import { writeFeatureTags } from './feature-tags-write';
import { commitNewFeature, writeFeature } from './feature-write';
import { addStrategyEdit } from './strategy-edits';

type Feature = ImportData['features'][number];
const VARIANT_FIELDS = ['name', 'weight', 'weightType', 'stickiness', 'payload', 'overrides'] as const;

/** Only the fields a variant has (an export's variants may carry more). */
const variantBody = (variant: unknown): Record<string, unknown> => {
  const source = variant !== null && typeof variant === 'object' ? (variant as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const field of VARIANT_FIELDS) if (Object.hasOwn(source, field) && source[field] != null) out[field] = source[field];
  return out;
};

/** A strategy of the export as a new strategy's body (its id, feature and segments by this instance's ids). */
function strategyBody(strategy: ImportStrategy): Record<string, unknown> {
  return {
    name: strategy.name,
    ...(strategy.title != null ? { title: strategy.title } : {}),
    ...(strategy.disabled != null ? { disabled: strategy.disabled } : {}),
    ...(strategy.sortOrder !== undefined ? { sortOrder: Math.trunc(strategy.sortOrder) } : {}),
    constraints: strategy.constraints ?? [],
    parameters: strategy.parameters ?? {},
    segments: strategy.segments ?? [],
    variants: (strategy.variants ?? []).map(variantBody),
  };
}

export async function importInTx(tx: WriteTx, ctx: AdminContext, principal: Principal, body: ImportBody, data: ImportData): Promise<void> {
  const { project: projectId, environment } = body;
  const origin = { principal };
  const now = ctx.now().toISOString();
  const project = (await tx.get('projects', projectId))!;

  for (const type of data.tagTypes) {
    if (await tx.get('tagTypes', type.name)) continue;
    const record = { name: type.name, description: type.description ?? '', icon: type.icon ?? null, color: type.color ?? null };
    await tx.put('tagTypes', record);
    await emit(tx, ctx, principal, [{ type: 'tag-type-created', data: record }]);
  }
  for (const field of data.contextFields ?? []) {
    if (await tx.get('contextFields', field.name)) continue;
    await writeContextField(tx, ctx, principal, undefined, {
      name: field.name,
      description: field.description ?? '',
      legalValues: legalValuesOf(field.legalValues ?? []),
      stickiness: field.stickiness ?? false,
      sortOrder: field.sortOrder ?? 0,
      project: field.project ? projectId : null,
      createdAt: now,
    });
  }

  for (const feature of data.features) {
    const stored = await tx.get('features', feature.name);
    const metadata = metadataOf(feature);
    if (stored) await writeFeature(tx, ctx, origin, { projectId, featureName: feature.name }, updateFeatureEdit(metadata));
    else await commitNewFeature(tx, ctx, origin, newFeature(metadata, project.environments, projectId, now));
  }

  const ref = (featureName: string) => ({ projectId, featureName, environment });
  for (const state of data.featureEnvironments ?? []) {
    const variants = state.variants ?? [];
    if (state.featureName !== undefined && variants.length)
      await writeFeatureEnvironment(tx, ctx, origin, ref(state.featureName), putVariantsEdit(variants.map(variantBody)));
  }

  const tagsOf = new Map<string, Tag[]>();
  for (const t of data.featureTags ?? []) {
    if (!t.tagType) continue;
    tagsOf.set(t.featureName, [...(tagsOf.get(t.featureName) ?? []), { type: t.tagType, value: t.tagValue }]);
  }
  for (const feature of data.features) {
    const current = (await tx.get('features', feature.name))!.tags;
    const added = tagsOf.get(feature.name) ?? [];
    const keep = new Set(added.map(tagKey));
    await writeFeatureTags(
      tx,
      ctx,
      origin,
      { projectId, featureName: feature.name },
      {
        added,
        removed: current.filter((t) => !keep.has(tagKey(t))),
      },
    );
  }

  for (const { feature, links } of data.links ?? []) {
    const current = (await tx.get('features', feature))?.links ?? [];
    for (const link of current) await writeFeature(tx, ctx, origin, { projectId, featureName: feature }, deleteLinkEdit(link.id));
    for (const link of links)
      await writeFeature(tx, ctx, origin, { projectId, featureName: feature }, addLinkEdit({ url: link.url, title: link.title ?? null }));
  }

  const strategiesOf = new Map<string, ImportStrategy[]>();
  for (const s of data.featureStrategies) strategiesOf.set(s.featureName!, [...(strategiesOf.get(s.featureName!) ?? []), s]);
  const enabledOf = new Map((data.featureEnvironments ?? []).map((e) => [e.featureName, e.enabled]));
  for (const feature of data.features) {
    const edit = replaceStrategies(strategiesOf.get(feature.name) ?? [], enabledOf.get(feature.name));
    await writeFeatureEnvironment(tx, ctx, origin, ref(feature.name), edit);
  }

  for (const { feature, dependencies } of data.dependencies ?? []) {
    if (!data.features.some((f) => f.name === feature)) continue;
    for (const parent of dependencies)
      await writeFeature(tx, ctx, origin, { projectId, featureName: feature }, addDependencyEdit(projectId, parent));
  }

  await emit(tx, ctx, principal, [
    { type: 'features-imported', project: projectId, environment, data: { project: projectId, environment } },
  ]);
}

/** The feature's metadata as the create and update bodies take it, checked by the create schema (name, type). */
function metadataOf(feature: Feature): {
  name: string;
  type: FeatureType;
  description: string | null;
  impressionData: boolean;
  stale: boolean;
} {
  const body = {
    name: feature.name,
    type: feature.type ?? 'release',
    description: feature.description ?? null,
    impressionData: feature.impressionData ?? false,
  };
  assertValid<typeof body & { type: FeatureType }>('createFeature', body, `feature "${feature.name}"`);
  return { ...body, stale: feature.stale ?? false };
}

function newFeature(metadata: ReturnType<typeof metadataOf>, environments: readonly string[], project: string, now: string): FeatureRecord {
  return {
    name: metadata.name,
    project,
    type: metadata.type,
    description: metadata.description,
    archived: false,
    archivedAt: null,
    stale: metadata.stale,
    favorite: false,
    impressionData: metadata.impressionData,
    createdAt: now,
    lastSeenAt: null,
    lifecycle: { stage: 'initial', enteredStageAt: now },
    tags: [],
    variants: [],
    dependencies: [],
    children: [],
    environments: environments.map((name) => ({ name, enabled: false, strategies: [], variants: [], lastSeenAt: null })),
    version: 1,
    productionAt: null,
  };
}

/**
 * The environment's strategies replaced by the export's (each removed one a `feature-strategy-remove`,
 * each added one the add route's edit and event), then on or off as the export says.
 */
function replaceStrategies(strategies: readonly ImportStrategy[], enabled: boolean | undefined): EnvironmentEdit<null> {
  const adds = strategies.map((s) => addStrategyEdit(strategyBody(s)));
  return async (scope) => {
    const { state, feature } = scope;
    const events = state.strategies.map((s) => strategyRemoved(state.name, strategyDocument(s, feature.name)));
    state.strategies = [];
    for (const add of adds) events.push(...(await add(scope)).events);
    if (enabled !== undefined) events.push(...(await toggleEdit(enabled)(scope)).events);
    return { result: null, events };
  };
}
