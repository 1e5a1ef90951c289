/**
 * The one write path of a feature. Every operation that changes a feature (PATCH, on/off, strategies,
 * variants, dependencies, archiving, a change request's apply) runs its edit through `writeFeature`,
 * creation through `commitNewFeature` and a permanent delete through `removeFeature`, so a rule added
 * here holds for all of them: lookup (404) → an archived feature is read-only (400) → the environment's
 * own checks → If-Match (412) → the edit on a copy → what archiving means (archive-rules.ts) → derived
 * fields (version, productionAt, archivedAt, lifecycle; a revived feature is off everywhere) → the record,
 * its project figures and the events, in the caller's transaction. An edit that yields no event commits
 * nothing and keeps the ETag. What SDK usage stamps on features (`lastSeenAt`, lifecycle stages) goes
 * through `stampFeaturesSeen` (feature-stamps.ts).
 */
import type { FeatureRecord, Tag } from '../base/records';
import type { WriteTx } from '../base/storage';
import type { Limits } from '../base/limits';
import { AdminError, badData } from '../base/errors';
import { etagOf, ifMatchAccepts } from '../base/etag';
import { jsonEqual } from '../base/json';
import { featureDocument, type EnvironmentIndex, type FeatureDocument } from '../documents/feature-document';
import { emptyStats, updateStats } from '../documents/project-stats';
import type { AdminContext } from '../runtime/context';
import { emit, type EventInput } from '../runtime/emit';
import { environmentOf, environments, featureInProject } from '../runtime/lookups';
import { readFeatureLifetimes } from '../runtime/feature-lifetimes';
import { causedBy, requireDirectWriteAllowed, type WriteOrigin } from './write-origin';
import { syncTagUsage } from './tag-usage';
import { childrenWithoutParent, parentsWithoutChild } from '../rules/dependency-links';
import { enterStage, restartLifecycle } from '../rules/lifecycle';
import { archiveConsequences, archivedFeature, requireNoLiveChildren } from './archive-rules';
import { copyForEdit } from './feature-copy';

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
  /**
   * The edit may run on an archived feature because it may revive it (PATCH, revive); any other write
   * to an archived feature is a 400, as Unleash answers, and so is an edit that leaves it archived.
   */
  mayRevive?: boolean;
  /** Features archived or deleted in the same batch: a child among them does not hold its parent back. */
  together?: ReadonlySet<string>;
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
  if (stored.archived && !ref.mayRevive) throw archivedFeature(stored.name);
  if (ref.environment !== undefined) {
    await requireDirectWriteAllowed(tx, origin, ref.projectId, ref.environment);
    environmentOf(stored, ref.environment);
  }
  if (ref.ifMatch != null && !ifMatchAccepts(ref.ifMatch, etagOf(stored.version))) {
    throw new AdminError('PreconditionFailedError', `The feature has changed: its current ETag is ${etagOf(stored.version)}.`);
  }
  const [envs, lifetimes] = await Promise.all([environments(tx), readFeatureLifetimes(tx)]);
  const now = ctx.now();
  const staleness = { lifetimes, now };
  const feature = copyForEdit(stored);
  const before = featureDocument(stored, envs, staleness);
  const outcome = await edit({ tx, stored, feature, before, environments: envs, limits: ctx.limits });
  const { result, others = [] } = outcome;
  let { events } = outcome;
  if (events.length === 0) return { result, feature: before, etag: etagOf(stored.version) };
  if (stored.archived && feature.archived) throw archivedFeature(stored.name);
  if (feature.archived && !stored.archived) {
    const consequences = await archiveConsequences(tx, feature, ref.together);
    events = [...consequences.events, ...events];
    others.push(...consequences.others);
  }

  const nowIso = now.toISOString();
  deriveFields(stored, feature, nowIso, envs);
  for (const other of others) await storeOther(tx, other);
  const after = featureDocument(feature, envs, staleness);
  await commit(tx, ctx, origin, nowIso, stored, feature, events, { data: after, preData: before }, ref.environment);
  return { result, feature: after, etag: etagOf(feature.version) };
}

/**
 * A new feature (version 1) with its `feature-created` event, in the caller's transaction; its creator
 * (`createdBy`) is the origin's key. `others`: features it changed (a clone's parents, which gain it as a
 * child), stored with new versions.
 */
export async function commitNewFeature(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  record: FeatureRecord,
  others: readonly FeatureRecord[] = [],
): Promise<FeatureDocument> {
  for (const other of others) await storeOther(tx, other);
  const created: FeatureRecord = { ...record, createdBy: { id: origin.principal.id, name: origin.principal.name } };
  const now = ctx.now();
  const document = featureDocument(created, await environments(tx), { lifetimes: await readFeatureLifetimes(tx), now });
  await commit(
    tx,
    ctx,
    origin,
    now.toISOString(),
    undefined,
    created,
    [{ type: 'feature-created', data: document, preData: null }],
    undefined,
    undefined,
  );
  return document;
}

/**
 * A permanent delete, only from the archive (as Unleash): a live feature is a 400, and a feature that a
 * live feature outside `together` depends on a 409. The links to it go (children lose the dependency,
 * parents the child), its project's figures lose it and its name is free again; `feature-deleted`
 * carries the feature's last document as `preData`, with its tags.
 */
export async function removeFeature(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  ref: Pick<FeatureRef, 'projectId' | 'featureName' | 'together'>,
): Promise<FeatureDocument> {
  const stored = await featureInProject(tx, ref.projectId, ref.featureName);
  if (!stored.archived) throw badData(`"${stored.name}" is not archived: only an archived feature can be deleted (archive it first).`);
  await requireNoLiveChildren(tx, stored, 'deleted', ref.together);
  const parents = stored.dependencies.map((d) => d.feature);
  const others = [
    ...(await childrenWithoutParent(tx, stored.name, stored.children)),
    ...(await parentsWithoutChild(tx, stored.name, parents)),
  ];
  for (const other of others) await storeOther(tx, other);
  const before = featureDocument(stored, await environments(tx));
  await commit(
    tx,
    ctx,
    origin,
    ctx.now().toISOString(),
    stored,
    undefined,
    [{ type: 'feature-deleted', data: null, preData: before }],
    undefined,
    undefined,
  );
  return before;
}

/** What follows from an edit: a new version, the first production enablement, the archive's time and stage. */
function deriveFields(stored: Readonly<FeatureRecord>, feature: FeatureRecord, now: string, envs: EnvironmentIndex): void {
  feature.version = stored.version + 1;
  if (feature.archived && !stored.archived) {
    feature.archivedAt = now;
    enterStage(feature, { stage: 'archived', enteredStageAt: now });
  }
  if (!feature.archived && stored.archived) {
    // Revived as Unleash revives: off in every environment, its lifecycle started over.
    feature.archivedAt = null;
    for (const env of feature.environments) env.enabled = false;
    restartLifecycle(feature, now);
  }
  const enabledInProduction = feature.environments.some(
    (e) => e.enabled && !stored.environments.find((s) => s.name === e.name)?.enabled && envs.get(e.name)?.type === 'production',
  );
  if (enabledInProduction && feature.productionAt === null) feature.productionAt = now;
}

/**
 * A feature changed by a change elsewhere (its project gained or lost an environment, an environment was
 * deleted): the edit on a copy, stored with a new version when it differs, with no event of its own (the
 * caller's one event tells the whole change, as Unleash's `project-environment-added` does). Such edits
 * touch no figure of the project.
 */
export async function storeFollowingChange(
  tx: WriteTx,
  stored: Readonly<FeatureRecord>,
  edit: (feature: FeatureRecord) => void,
): Promise<void> {
  const feature = copyForEdit(stored);
  edit(feature);
  if (jsonEqual(stored, feature)) return;
  feature.version = stored.version + 1;
  await tx.put('features', feature);
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
  now: string,
  stored: Readonly<FeatureRecord> | undefined,
  feature: FeatureRecord | undefined,
  events: readonly EventInput[],
  documents: { data: FeatureDocument; preData: FeatureDocument } | undefined,
  environment: string | undefined,
): Promise<void> {
  // A feature, or undefined: the stored one is deleted.
  const subject = (feature ?? stored)!;
  if (feature) await tx.put('features', feature);
  else await tx.delete('features', subject.name);
  // The tag list follows the feature's tags: unknown types refused, new tags listed, uses counted.
  const before = stored?.tags ?? [];
  const after = feature?.tags ?? [];
  const tagEvents = sameTags(before, after) ? [] : await syncTagUsage(tx, now, before, after);
  const stats = (await tx.get('projectStats', subject.project)) ?? emptyStats(subject.project);
  updateStats(stats, stored, feature);
  await emit(
    tx,
    ctx,
    origin.principal,
    events.map((e) => eventOf(e, origin, subject, environment, e.data === undefined && e.preData === undefined ? documents : undefined)),
    stats,
  );
  // Tags new to the list, as instance events after the feature's (no more of them than of its `feature-tagged`).
  if (tagEvents.length)
    await emit(
      tx,
      ctx,
      origin.principal,
      tagEvents.map((e) => ({ ...causedBy(origin), ...e })),
    );
}

/** An event of the feature: its project, name, tags and environment, the documents where it carries neither of its own. */
function eventOf(
  e: EventInput,
  origin: WriteOrigin,
  subject: Readonly<FeatureRecord>,
  environment: string | undefined,
  documents: { data: FeatureDocument; preData: FeatureDocument } | undefined,
): EventInput {
  const event: EventInput = { type: e.type, project: subject.project, featureName: subject.name, tags: subject.tags };
  if (origin.changeRequestId !== undefined) event.changeRequestId = origin.changeRequestId;
  if (environment !== undefined) event.environment = environment;
  if (documents) {
    event.data = documents.data;
    event.preData = documents.preData;
  }
  return Object.assign(event, e);
}

/** The same tags in the same order: the tag list has nothing to follow (most writes). */
function sameTags(before: readonly Tag[], after: readonly Tag[]): boolean {
  return (
    before === after || (before.length === after.length && before.every((t, i) => t.type === after[i]!.type && t.value === after[i]!.value))
  );
}
