/**
 * Who makes a write and why: a key acting directly, or a change request being applied. A direct
 * change to an environment under change requests needs SKIP_CHANGE_REQUEST (admin-role keys); the
 * events of an apply carry the request's id.
 */
import type { Principal } from '../base/auth';
import { permissionDenied } from '../base/errors';
import type { ReadTx } from '../base/storage';
import { changeRequestConfig } from '../rules/change-request-config';

export interface WriteOrigin {
  principal: Principal;
  /** Set when the change is part of applying this change request. */
  changeRequestId?: number;
}

/** The event fields that link an event to the change request that caused it. */
export const causedBy = (origin: WriteOrigin): { changeRequestId?: number } =>
  origin.changeRequestId === undefined ? {} : { changeRequestId: origin.changeRequestId };

export async function requireDirectWriteAllowed(tx: ReadTx, origin: WriteOrigin, project: string, environment: string): Promise<void> {
  if (origin.changeRequestId !== undefined || origin.principal.role === 'admin') return;
  if (!(await changeRequestConfig(tx, project, environment)).enabled) return;
  throw permissionDenied(
    `Environment "${environment}" of project "${project}" takes changes through change requests: you need the permission SKIP_CHANGE_REQUEST to change it directly.`,
    { permission: 'SKIP_CHANGE_REQUEST', project, environment },
  );
}
