/**
 * The changes of a request body or a stored request, prepared: each payload checked as its operation
 * checks it, errors naming the field under the change's path (`/payload/...`, `/2/payload/...`).
 */
import { AdminError, badData } from '../base/errors';
import type { ChangeRequestRecord } from '../base/change-request-records';
import { SEGMENT_CHANGE_ACTIONS } from '../schemas/change-request';
import { prepareChange, type ChangeAction, type ChangePlace, type PreparedChange } from './change-actions';

export interface ChangeInput {
  feature?: string | null;
  action: ChangeAction;
  payload: unknown;
}

export const isSegmentAction = (action: string): boolean => (SEGMENT_CHANGE_ACTIONS as readonly string[]).includes(action);

/** An error of one change's payload as a 400 naming the field under `prefix`; other errors pass. */
export function underPath(error: unknown, prefix: string): unknown {
  if (!(error instanceof AdminError) || (error.name !== 'BadDataError' && error.name !== 'NotFoundError')) return error;
  const details = (error.details ?? [{ message: error.message, path: '' }]).map((d) => ({
    message: d.message,
    path: `${prefix}${d.path === '/' ? '' : (d.path ?? '')}`,
  }));
  return badData(`Invalid change at ${prefix}: ${error.message}`, details);
}

/** Checks the change's feature field and payload; `prefix` is the change's path in the body. */
export function prepareInput(projectId: string, environment: string, input: ChangeInput, prefix: string): PreparedChange {
  const segment = isSegmentAction(input.action);
  const feature = input.feature ?? null;
  if (segment && feature !== null)
    throw badData(`A ${input.action} change names no feature.`, [{ message: 'no feature for segment changes', path: `${prefix}/feature` }]);
  if (!segment && feature === null)
    throw badData(`A ${input.action} change names its feature.`, [{ message: 'feature is required', path: `${prefix}/feature` }]);
  const place: ChangePlace = { projectId, environment, feature };
  try {
    return prepareChange(place, input.action, input.payload);
  } catch (error) {
    throw underPath(error, `${prefix}/payload`);
  }
}

/** Every change of a stored request, in apply order (segments first), with the place it applies. */
export function storedChanges(cr: ChangeRequestRecord): { id: number; place: ChangePlace; prepared: () => PreparedChange }[] {
  const at = (feature: string | null): ChangePlace => ({ projectId: cr.project, environment: cr.environment, feature });
  return [
    ...cr.segments.map((c) => ({
      id: c.id,
      place: at(null),
      prepared: () => prepareChange(at(null), c.action as ChangeAction, c.payload),
    })),
    ...cr.features.flatMap((f) =>
      f.changes.map((c) => ({
        id: c.id,
        place: at(f.name),
        prepared: () => prepareChange(at(f.name), c.action as ChangeAction, c.payload),
      })),
    ),
  ];
}
