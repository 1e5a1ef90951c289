/**
 * The change-request state machine and who may move it. Draft → In review (author); In review →
 * Approved (approvals from reviewers reaching minApprovals); Approved or Scheduled → Applied or
 * Scheduled (appliers); In review, Approved or Scheduled → Rejected (reviewers) or Cancelled (author
 * or an admin key). Applied, Cancelled and Rejected are closed. Any other move is a 409 naming the state.
 */
import { canSeeEnvironment, canSeeProject, type Principal } from '../base/auth';
import { AdminError, permissionDenied } from '../base/errors';
import type { ChangeRequestState } from '../base/records';
import type { ChangeRequestRecord } from '../base/change-request-records';
import { isAuthor } from './change-request-lookup';

export const CLOSED_STATES: readonly ChangeRequestState[] = ['Applied', 'Cancelled', 'Rejected'];
export const isOpen = (state: ChangeRequestState): boolean => !CLOSED_STATES.includes(state);

/** Who may make a move: the author, a reviewer (not the author, unless an admin key), an applier, the author or an admin key. */
export type Actor = 'author' | 'reviewer' | 'applier' | 'authorOrAdmin';

const MOVES: Partial<Record<ChangeRequestState, { from: readonly ChangeRequestState[]; who: Actor }>> = {
  'In review': { from: ['Draft'], who: 'author' },
  Approved: { from: ['In review'], who: 'reviewer' },
  Rejected: { from: ['In review', 'Approved', 'Scheduled'], who: 'reviewer' },
  Applied: { from: ['Approved', 'Scheduled'], who: 'applier' },
  Scheduled: { from: ['Approved', 'Scheduled'], who: 'applier' },
  Cancelled: { from: ['In review', 'Approved', 'Scheduled'], who: 'authorOrAdmin' },
};

const DENIED: Record<Actor, { permission: string; message: string }> = {
  author: { permission: 'CHANGE_REQUEST_AUTHOR', message: 'Only the author of the change request may do this' },
  reviewer: {
    permission: 'APPROVE_CHANGE_REQUEST',
    message: 'You need the permission APPROVE_CHANGE_REQUEST (never on your own change request, unless an admin key)',
  },
  applier: { permission: 'APPLY_CHANGE_REQUEST', message: 'You need the permission APPLY_CHANGE_REQUEST' },
  authorOrAdmin: { permission: 'CHANGE_REQUEST_AUTHOR', message: 'Only the author of the change request or an admin key may do this' },
};

/** 409 naming the current state unless it is one of `states`. */
export function requireState(cr: ChangeRequestRecord, states: readonly ChangeRequestState[], doing: string): void {
  if (states.includes(cr.state)) return;
  const closed = isOpen(cr.state) ? '' : ' (closed: it never changes again)';
  throw new AdminError('ConflictError', `Change request ${cr.id} is ${cr.state}${closed}: it cannot ${doing}.`);
}

/** 403 unless the principal may act as `who` on this request (an editor or admin key with its project and environment in scope first). */
export function requireActor(principal: Principal, cr: ChangeRequestRecord, who: Actor): void {
  const inScope =
    (principal.role === 'admin' || principal.role === 'editor') &&
    canSeeProject(principal, cr.project) &&
    canSeeEnvironment(principal, cr.environment);
  const author = isAuthor(principal, cr);
  const allowed =
    inScope &&
    (who === 'author'
      ? author
      : who === 'reviewer'
        ? !author || principal.role === 'admin'
        : who === 'applier'
          ? true
          : author || principal.role === 'admin');
  if (allowed) return;
  const { permission, message } = DENIED[who];
  throw permissionDenied(`${message} in environment "${cr.environment}" of project "${cr.project}".`, {
    permission,
    project: cr.project,
    environment: cr.environment,
  });
}

/** The move to `to`: 409 when the state does not allow it, then 403 for a principal who may not make it. */
export function requireMove(principal: Principal, cr: ChangeRequestRecord, to: ChangeRequestState): void {
  const move = MOVES[to];
  requireState(cr, move?.from ?? [], `move to ${to}`);
  requireActor(principal, cr, move!.who);
}
