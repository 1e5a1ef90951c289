/**
 * Edits under one feature environment (strategies, variants, on/off): the environment's permission,
 * then the edit through the feature write path (`feature-write.ts`), which also checks that the
 * environment exists and whether it takes its changes through change requests.
 */
import { requireUpdateFeatureEnvironment, type Principal } from '../base/auth';
import type { FeatureEnvironmentState, FeatureRecord, ProjectRecord } from '../base/records';
import type { WriteTx } from '../base/storage';
import type { Limits } from '../base/limits';
import type { AdminContext } from '../runtime/context';
import type { EventInput } from '../runtime/emit';
import { environmentOf } from '../runtime/lookups';
import { writeFeature, type FeatureWriteResult } from './feature-write';
import type { WriteOrigin } from './write-origin';

export interface FeatureEnvironmentRef {
  projectId: string;
  featureName: string;
  environment: string;
  /** An `If-Match` header value: the edit applies only when it names the feature's current ETag. */
  ifMatch?: string | null;
}

export interface EnvironmentEditScope {
  tx: WriteTx;
  project: ProjectRecord;
  /** A copy of the feature: the edit changes it (and `state`, one of its environments). */
  feature: FeatureRecord;
  state: FeatureEnvironmentState;
  limits: Limits;
}

export interface EnvironmentEditOutcome<R> {
  result: R;
  /** The facts, in order (see FeatureEditOutcome). */
  events: EventInput[];
}

export type EnvironmentEdit<R> = (scope: EnvironmentEditScope) => EnvironmentEditOutcome<R> | Promise<EnvironmentEditOutcome<R>>;

/** A direct edit: the permission, then the edit in a transaction of its own. */
export async function editFeatureEnvironment<R>(
  ctx: AdminContext,
  principal: Principal,
  ref: FeatureEnvironmentRef,
  edit: EnvironmentEdit<R>,
): Promise<FeatureWriteResult<R>> {
  requireUpdateFeatureEnvironment(principal, ref.projectId, ref.environment);
  return ctx.write((tx) => writeFeatureEnvironment(tx, ctx, { principal }, ref, edit));
}

/**
 * The edit inside the caller's write transaction (a direct route's own, or a change request's apply);
 * the caller has checked UPDATE_FEATURE_ENVIRONMENT.
 */
export async function writeFeatureEnvironment<R>(
  tx: WriteTx,
  ctx: AdminContext,
  origin: WriteOrigin,
  ref: FeatureEnvironmentRef,
  edit: EnvironmentEdit<R>,
): Promise<FeatureWriteResult<R>> {
  return writeFeature(tx, ctx, origin, ref, async ({ feature, limits }) => {
    const project = (await tx.get('projects', ref.projectId))!;
    return edit({ tx, project, feature, state: environmentOf(feature, ref.environment), limits });
  });
}
