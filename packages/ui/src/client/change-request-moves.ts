// Which moves of a change request the page offers: those its state allows and this key may make, by
// the API's rules (core's change-requests/transitions.ts); the API still decides each one.
import type { ChangeRequest, ChangeRequestMove, CurrentKey } from './types';

/** A button the request's screen may show: a move through `PUT …/state`, or discarding the Draft. */
export type ChangeRequestAction = ChangeRequestMove | 'Discard';

/** What each state allows, as the API's transitions say (Applied, Cancelled and Rejected are closed). */
const ACTIONS_BY_STATE: Readonly<Record<string, readonly ChangeRequestAction[]>> = {
  Draft: ['In review', 'Discard'],
  'In review': ['Approved', 'Rejected', 'Cancelled'],
  Approved: ['Applied', 'Scheduled', 'Rejected', 'Cancelled'],
  Scheduled: ['Applied', 'Scheduled', 'Rejected', 'Cancelled'],
};

export const actionsOf = (state: string): readonly ChangeRequestAction[] =>
  Object.hasOwn(ACTIONS_BY_STATE, state) ? ACTIONS_BY_STATE[state]! : [];

const reaches = (scope: readonly string[], name: string) => scope.includes('*') || scope.includes(name);

/** An editor or admin key with the request's project and environment in scope (viewers never act). */
const actsOn = (me: CurrentKey, cr: ChangeRequest) =>
  (me.role === 'admin' || me.role === 'editor') && reaches(me.projects, cr.project) && reaches(me.environments, cr.environment);

/**
 * The moves its state allows that this key may make, as the API decides them: the author sends to
 * review and discards; reviewers (not the author, unless an admin key; one approval each) approve and
 * reject; any key that acts on it applies and schedules; the author or an admin key cancels. Without
 * the key (`null`: the API could not say) every move the state allows, and the API refuses with a 403.
 */
export function actionsFor(cr: ChangeRequest, me: CurrentKey | null): ChangeRequestAction[] {
  const byState = actionsOf(cr.state);
  if (!me) return [...byState];
  const author = cr.createdBy.id === me.user.id;
  const admin = me.role === 'admin';
  const acts = actsOn(me, cr);
  const reviewer = acts && (!author || admin);
  const approvedAlready = (cr.approvals ?? []).some((a) => a.createdBy.id === me.user.id);
  const allowed: Record<ChangeRequestAction, boolean> = {
    'In review': acts && author,
    Discard: acts && author,
    Approved: reviewer && !approvedAlready,
    Rejected: reviewer,
    Applied: acts,
    Scheduled: acts,
    Cancelled: acts && (author || admin),
  };
  return byState.filter((action) => allowed[action]);
}

/** Comments: any key with the request's project and environment in scope, viewers too. */
export const mayComment = (cr: ChangeRequest, me: CurrentKey | null): boolean =>
  !isClosed(cr.state) && (!me || (reaches(me.projects, cr.project) && reaches(me.environments, cr.environment)));

/** Whether GET shows a conflict on any of its features or changes (apply then needs `force`). */
export const hasConflicts = (cr: ChangeRequest): boolean =>
  cr.features.some((f) => f.conflict !== undefined || f.changes.some((c) => c.conflict !== undefined)) ||
  cr.segments.some((c) => c.conflict !== undefined);

/** Applied, Cancelled and Rejected: nothing moves it, edits it or comments on it any more. */
export const isClosed = (state: string): boolean => actionsOf(state).length === 0;
