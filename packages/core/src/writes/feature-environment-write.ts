/**
 * The one write path of every change under a feature environment (strategies, variants, on/off):
 * permission, feature and environment lookup, If-Match, the change on a copy, then the feature's new
 * version, its project figures and the change's events in one transaction. A change that yields no
 * event commits nothing and keeps the ETag.
 */
import { requireUpdateFeatureEnvironment, type Principal } from '../base/auth';
import { emit, type EventInput } from '../runtime/emit';
import type { AdminContext } from '../runtime/context';
import { emptyStats, updateStats } from '../documents/project-stats';
import { featureDocument, type FeatureDocument } from '../documents/feature-document';
import { AdminError, notFound } from '../base/errors';
import type { FeatureEnvironmentState, FeatureRecord, ProjectRecord } from '../base/records';
import type { WriteTx } from '../base/storage';
import type { Limits } from '../base/limits';
import { etagOf, ifMatchAccepts } from '../base/etag';
import { jsonClone } from '../base/json';
import { environments, featureInProject } from '../runtime/lookups';
import { causedBy, requireDirectChangeAllowed, type ChangeOrigin } from './write-origin';

export interface FeatureEnvironmentRef {
  projectId: string;
  featureName: string;
  environment: string;
  /** An `If-Match` header value: the change applies only when it names the feature's current ETag. */
  ifMatch?: string | null;
}

export interface ChangeScope {
  tx: WriteTx;
  project: ProjectRecord;
  /** A copy of the feature: the change edits it (and `state`, one of its environments). */
  feature: FeatureRecord;
  state: FeatureEnvironmentState;
  limits: Limits;
}

export interface ChangeOutcome<R> {
  result: R;
  /**
   * The facts, in order. An event with neither `data` nor `preData` gets the feature document after
   * and before (environment switches, as the feature PATCH gives them).
   */
  events: EventInput[];
}

export interface ChangeResult<R> {
  result: R;
  feature: FeatureDocument;
  etag: string;
}

/** The environment's state in a feature, or 404 naming both. */
export function environmentState(feature: FeatureRecord, environment: string): FeatureEnvironmentState {
  const state = feature.environments.find((e) => e.name === environment);
  if (!state) throw notFound(`Could not find environment "${environment}" for feature "${feature.name}".`);
  return state;
}

export type EnvironmentChange<R> = (scope: ChangeScope) => ChangeOutcome<R> | Promise<ChangeOutcome<R>>;

/** A direct change: the permission, then the change in a transaction of its own. */
export async function changeFeatureEnvironment<R>(
  ctx: AdminContext,
  principal: Principal,
  ref: FeatureEnvironmentRef,
  change: EnvironmentChange<R>,
): Promise<ChangeResult<R>> {
  requireUpdateFeatureEnvironment(principal, ref.projectId, ref.environment);
  return ctx.write((tx) => changeFeatureEnvironmentInTx(tx, ctx, { principal }, ref, change));
}

/**
 * The change inside the caller's write transaction (a direct route's own, or a change request's
 * apply). The caller has checked UPDATE_FEATURE_ENVIRONMENT; a direct change to an environment under
 * change requests also needs SKIP_CHANGE_REQUEST.
 */
export async function changeFeatureEnvironmentInTx<R>(
  tx: WriteTx,
  ctx: AdminContext,
  origin: ChangeOrigin,
  ref: FeatureEnvironmentRef,
  change: EnvironmentChange<R>,
): Promise<ChangeResult<R>> {
  const record = await featureInProject(tx, ref.projectId, ref.featureName);
  await requireDirectChangeAllowed(tx, origin, ref.projectId, ref.environment);
  const feature = jsonClone(record);
  const state = environmentState(feature, ref.environment);
  if (ref.ifMatch != null && !ifMatchAccepts(ref.ifMatch, etagOf(record.version))) {
    throw new AdminError('PreconditionFailedError', `The feature has changed: its current ETag is ${etagOf(record.version)}.`);
  }
  const project = (await tx.get('projects', ref.projectId))!;
  const wasEnabled = state.enabled;
  const { result, events } = await change({ tx, project, feature, state, limits: ctx.limits });
  const envs = await environments(tx);
  if (events.length === 0) return { result, feature: featureDocument(record, envs), etag: etagOf(record.version) };

  const now = ctx.now().toISOString();
  feature.version = record.version + 1;
  if (state.enabled && !wasEnabled && feature.productionAt === null && envs.get(state.name)?.type === 'production') feature.productionAt = now;
  await tx.put('features', feature);
  const stats = (await tx.get('projectStats', ref.projectId)) ?? emptyStats(ref.projectId);
  updateStats(stats, record, feature);
  const before = featureDocument(record, envs);
  const after = featureDocument(feature, envs);
  const documents = { data: after, preData: before };
  await emit(
    tx,
    ctx,
    origin.principal,
    events.map((e) => ({
      ...causedBy(origin),
      project: ref.projectId,
      featureName: ref.featureName,
      environment: ref.environment,
      tags: feature.tags,
      ...(e.data === undefined && e.preData === undefined ? documents : {}),
      ...e,
    })),
    stats,
  );
  return { result, feature: after, etag: etagOf(feature.version) };
}
