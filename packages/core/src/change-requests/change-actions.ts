/**
 * What each change action runs: its payload checked as the route's operation checks its body, and the
 * same in-transaction code the direct route runs. `target` names what a change depends on, so a change
 * whose target changed since it was added is a conflict.
 */
import type { AdminContext } from '../runtime/context';
import { parseSegmentBody } from '../rules/segment-input';
import { addDependencyEdit, deleteDependencyEdit, writeDependencies } from '../writes/dependency-write';
import { putVariantsEdit, toggleEdit } from '../writes/environment-edits';
import { writeFeatureEnvironment, type EnvironmentEdit } from '../writes/feature-environment-write';
import { writeFeature, type FeatureEdit } from '../writes/feature-write';
import { archiveEdit } from '../writes/feature-lifecycle-edits';
import { deleteSegmentInTx, updateSegmentInTx } from '../writes/segment-writes';
import { addStrategyEdit, deleteStrategyEdit, strategySortOrderEdit, updateStrategyEdit } from '../writes/strategy-edits';
import type { CHANGE_ACTIONS } from '../schemas/change-request';
import type { WriteTx } from '../base/storage';
import { assertValid } from '../schemas/validation';
import type { WriteOrigin } from '../writes/write-origin';

export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** Where a change applies: the request's project and environment, and its feature (null for segments). */
export interface ChangePlace {
  projectId: string;
  environment: string;
  feature: string | null;
}

/** What a change's conflict check compares: the kind of target and, for strategies and segments, its id. */
export interface TargetRef {
  kind: 'feature' | 'strategy' | 'strategies' | 'variants' | 'dependencies' | 'segment';
  id?: string;
}

export interface PreparedChange {
  target: TargetRef;
  run(tx: WriteTx, ctx: AdminContext, origin: WriteOrigin): Promise<unknown>;
}

const environmentChange = (place: ChangePlace, target: TargetRef, edit: EnvironmentEdit<unknown>): PreparedChange => ({
  target,
  run: (tx, ctx, origin) =>
    writeFeatureEnvironment(
      tx,
      ctx,
      origin,
      { projectId: place.projectId, featureName: place.feature!, environment: place.environment },
      edit,
    ),
});

const dependencyChange = (place: ChangePlace, edit: FeatureEdit<null>): PreparedChange => ({
  target: { kind: 'dependencies' },
  run: (tx, ctx, origin) => writeDependencies(tx, ctx, origin, { projectId: place.projectId, featureName: place.feature! }, edit),
});

/** The payload checked (400 naming the field, paths relative to the payload) and what applying it runs. */
export function prepareChange(place: ChangePlace, action: ChangeAction, payload: unknown): PreparedChange {
  switch (action) {
    case 'updateEnabled':
      assertValid<{ enabled: boolean }>('updateEnabledPayload', payload, 'payload');
      return environmentChange(place, { kind: 'feature' }, toggleEdit(payload.enabled));
    case 'addStrategy':
      return environmentChange(place, { kind: 'feature' }, addStrategyEdit(payload));
    case 'updateStrategy': {
      const id = strategyId(payload);
      return environmentChange(place, { kind: 'strategy', id }, updateStrategyEdit(id, payload));
    }
    case 'deleteStrategy':
      assertValid<{ id: string }>('strategyRefPayload', payload, 'payload');
      return environmentChange(place, { kind: 'strategy', id: payload.id }, deleteStrategyEdit(payload.id));
    case 'reorderStrategy':
      return environmentChange(place, { kind: 'strategies' }, strategySortOrderEdit(payload));
    case 'patchVariant':
      assertValid<{ variants: unknown }>('variantsPayload', payload, 'payload');
      return environmentChange(place, { kind: 'variants' }, putVariantsEdit(payload.variants));
    case 'archiveFeature':
      assertValid('emptyPayload', payload, 'payload');
      return {
        target: { kind: 'feature' },
        run: (tx, ctx, origin) => writeFeature(tx, ctx, origin, { projectId: place.projectId, featureName: place.feature! }, archiveEdit),
      };
    case 'addDependency':
      return dependencyChange(place, addDependencyEdit(place.projectId, payload));
    case 'deleteDependency':
      assertValid<{ feature: string }>('dependencyRefPayload', payload, 'payload');
      return dependencyChange(place, deleteDependencyEdit(payload.feature));
    case 'updateSegment': {
      const { id, ...body } = segmentRef(payload);
      const parsed = parseSegmentBody(body);
      return {
        target: { kind: 'segment', id: String(id) },
        run: (tx, ctx, origin) => updateSegmentInTx(tx, ctx, origin, String(id), parsed),
      };
    }
    case 'deleteSegment': {
      const { id, ...rest } = segmentRef(payload);
      assertValid('emptyPayload', rest, 'payload');
      return { target: { kind: 'segment', id: String(id) }, run: (tx, ctx, origin) => deleteSegmentInTx(tx, ctx, origin, String(id)) };
    }
  }
}

function strategyId(payload: unknown): string {
  const { id } = (payload ?? {}) as { id?: unknown };
  assertValid<{ id: string }>('strategyRefPayload', { id }, 'payload');
  return id as string;
}

function segmentRef(payload: unknown): { id: number } & Record<string, unknown> {
  assertValid<{ id: number }>('segmentRefPayload', payload, 'payload');
  return payload as { id: number } & Record<string, unknown>;
}
