/**
 * The one write path of a feature. Every operation that changes a feature (PATCH, on/off, strategies,
 * variants, dependencies, archiving, a change request's apply) runs its edit through `writeFeature`,
 * and creation through `commitNewFeature`, so a rule added here holds for all of them:
 * lookup (404) → the environment's own checks → If-Match (412) → the edit on a copy → derived fields
 * (version, productionAt, archivedAt and lifecycle) → the record, its project figures and the events, in
 * the caller's transaction. An edit that yields no event commits nothing and keeps the ETag.
 */
import type { FeatureRecord } from '../base/records';
import type { WriteTx } from '../base/storage';
import type { Limits } from '../base/limits';
import { AdminError } from '../base/errors';
import { etagOf, ifMatchAccepts } from '../base/etag';
import { jsonEqual } from '../base/json';
import { featureDocument, type EnvironmentIndex, type FeatureDocument } from '../documents/feature-document';
import { emptyStats, updateStats } from '../documents/project-stats';
import type { AdminContext } from '../runtime/context';
import { emit, type EventInput } from '../runtime/emit';
import { environmentOf, environments, featureInProject } from '../runtime/lookups';
import { causedBy, requireDirectWriteAllowed, type WriteOrigin } from './write-origin';

export interface FeatureRef {
  projectId: string;
  featureName: string;
  /** An `If-Match` header value: the write applies only when it names the feature's current ETag. */
  ifMatch?: string | null;
  /**
   * The environment the write is under, when it is one (strategies, variants, on/off): it must exist
   * (404), a direct write to it may need SKIP_CHANGE_REQUEST, and every event names it.
   */
  environment?: string;
}

export interface FeatureEditScope {
  tx: WriteTx;
  /** The feature as stored: read-only. */
  stored: Readonly<FeatureRecord>;
  /** A copy of the feature: the edit changes it. */
  feature: FeatureRecord;
  /** The stored feature's document (what GET answers before the edit). */
  before: FeatureDocument;
  environments: EnvironmentIndex;
  limits: Limits;
}

export interface FeatureEditOutcome<R> {
  result: R;
  /**
   * The facts, in order. An event with neither `data` nor `preData` gets the feature document after
   * and before.
   */
  events: EventInput[];
  /** Other features the edit changed (copies: a dependency's parent); stored with new versions when they differ. */
  others?: FeatureRecord[];
}

export type FeatureEdit<R> = (scope: FeatureEditScope) => FeatureEditOutcome<R> | Promise<FeatureEditOutcome<R>>;

export interface FeatureWriteResult<R> {
  result: R;
  feature: FeatureDocument;
  /** The strong ETag of the feature after the write. */
  etag: string;
}

/** The write inside the caller's transaction; the caller has checked the route's permission. */
export async function writeFeature<R>(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  ref: FeatureRef,
  edit: FeatureEdit<R>,
): Promise<FeatureWriteResult<R>> {
  const stored = await featureInProject(tx, ref.projectId, ref.featureName);
  if (ref.environment !== undefined) {
    await requireDirectWriteAllowed(tx, origin, ref.projectId, ref.environment);
    environmentOf(stored, ref.environment);
  }
  if (ref.ifMatch != null && !ifMatchAccepts(ref.ifMatch, etagOf(stored.version))) {
    throw new AdminError('PreconditionFailedError', `The feature has changed: its current ETag is ${etagOf(stored.version)}.`);
  }
  const envs = await environments(tx);
  const feature = copyForEdit(stored);
  const before = featureDocument(stored, envs);
  const { result, events, others = [] } = await edit({ tx, stored, feature, before, environments: envs, limits: ctx.limits });
  if (events.length === 0) return { result, feature: before, etag: etagOf(stored.version) };

  deriveFields(stored, feature, ctx.now().toISOString(), envs);
  for (const other of others) await storeOther(tx, other);
  const after = featureDocument(feature, envs);
  await commit(tx, ctx, origin, stored, feature, events, { data: after, preData: before }, ref.environment);
  return { result, feature: after, etag: etagOf(feature.version) };
}

/** A new feature (version 1) with its `feature-created` event, in the caller's transaction. */
export async function commitNewFeature(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  record: FeatureRecord,
): Promise<FeatureDocument> {
  const document = featureDocument(record, await environments(tx));
  await commit(tx, ctx, origin, undefined, record, [{ type: 'feature-created', data: document, preData: null }], undefined, undefined);
  return document;
}

/**
 * The copy an edit changes: the record, its lists and its environments are new; strategies, variants,
 * tags and dependencies themselves are shared with the stored record, because edits replace them whole
 * (a new strategy object, a new list) and never change one in place. A deep copy of every strategy was
 * the largest cost of a PATCH.
 */
function copyForEdit(stored: Readonly<FeatureRecord>): FeatureRecord {
  return {
    ...stored,
    tags: [...stored.tags],
    variants: [...stored.variants],
    dependencies: [...stored.dependencies],
    children: [...stored.children],
    environments: stored.environments.map((e) => ({ ...e, strategies: [...e.strategies], variants: [...e.variants] })),
  };
}

/** What follows from an edit: a new version, the first production enablement, the archive's time and stage. */
function deriveFields(stored: Readonly<FeatureRecord>, feature: FeatureRecord, now: string, envs: EnvironmentIndex): void {
  feature.version = stored.version + 1;
  if (feature.archived !== stored.archived) {
    feature.archivedAt = feature.archived ? now : null;
    feature.lifecycle = { stage: feature.archived ? 'archived' : 'initial', enteredStageAt: now };
  }
  const enabledInProduction = feature.environments.some(
    (e) => e.enabled && !stored.environments.find((s) => s.name === e.name)?.enabled && envs.get(e.name)?.type === 'production',
  );
  if (enabledInProduction && feature.productionAt === null) feature.productionAt = now;
}

/** Another feature an edit changed: stored with a new version, unless it is as stored. */
async function storeOther(tx: WriteTx, other: FeatureRecord): Promise<void> {
  const stored = await tx.get('features', other.name);
  if (stored && jsonEqual(stored, other)) return;
  other.version = (stored?.version ?? 0) + 1;
  await tx.put('features', other);
}

/**
 * The last step of every feature write: the record, its project's figures, then the events, each with
 * the feature's project, name and tags, the environment written under, and the documents after and
 * before where it carries neither `data` nor `preData` of its own.
 */
async function commit(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  stored: Readonly<FeatureRecord> | undefined,
  feature: FeatureRecord,
  events: readonly EventInput[],
  documents: { data: FeatureDocument; preData: FeatureDocument } | undefined,
  environment: string | undefined,
): Promise<void> {
  await tx.put('features', feature);
  const stats = (await tx.get('projectStats', feature.project)) ?? emptyStats(feature.project);
  updateStats(stats, stored, feature);
  const common = {
    ...causedBy(origin),
    project: feature.project,
    featureName: feature.name,
    tags: feature.tags,
    ...(environment === undefined ? {} : { environment }),
  };
  const withDocuments = documents === undefined ? common : { ...common, ...documents };
  await emit(
    tx,
    ctx,
    origin.principal,
    events.map((e) => ({ ...(e.data === undefined && e.preData === undefined ? withDocuments : common), ...e })),
    stats,
  );
}
