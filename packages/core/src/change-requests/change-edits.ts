/**
 * Editing the changes of a request: finding one by id, and what an edit does to the review. Only the
 * author edits, while the request is a Draft, In review or Approved; an edit of a request under review
 * returns it to In review and clears its approvals (they approved something else).
 */
import { isIdText } from '../runtime/lookups';
import type { Principal } from '../base/auth';
import { notFound } from '../base/errors';
import type { ChangeRecord, ChangeRequestRecord } from '../base/change-request-records';
import { requireActor, requireState } from './transitions';

export const EDITABLE_STATES = ['Draft', 'In review', 'Approved'] as const;

export interface FoundChange {
  /** The feature the change is for; null for a segment change. */
  feature: string | null;
  change: ChangeRecord;
}

/** The change with that id in the request, or 404. */
export function findChange(cr: ChangeRequestRecord, changeId: string): FoundChange {
  const id = isIdText(changeId) ? Number(changeId) : NaN;
  const segment = cr.segments.find((c) => c.id === id);
  if (segment) return { feature: null, change: segment };
  for (const entry of cr.features) {
    const change = entry.changes.find((c) => c.id === id);
    if (change) return { feature: entry.name, change };
  }
  throw notFound(`Change request ${cr.id} has no change "${changeId}".`);
}

/** 409 unless the request is editable, then 403 unless the principal is its author. */
export function requireEditable(principal: Principal, cr: ChangeRequestRecord): void {
  requireState(cr, EDITABLE_STATES, 'have its changes edited');
  requireActor(principal, cr, 'author');
}

/** A request under review goes back to In review without its approvals; true when approvals were cleared or the state moved. */
export function backToReview(cr: ChangeRequestRecord): { approvalsCleared: number } {
  if (cr.state === 'Draft') return { approvalsCleared: 0 };
  const approvalsCleared = cr.approvals.length;
  cr.state = 'In review';
  cr.approvals = [];
  return { approvalsCleared };
}

/** The request without the change (and without the feature entry when it was the feature's last change). */
export function withoutChange(cr: ChangeRequestRecord, changeId: number): void {
  cr.segments = cr.segments.filter((c) => c.id !== changeId);
  cr.features = cr.features.map((f) => ({ ...f, changes: f.changes.filter((c) => c.id !== changeId) })).filter((f) => f.changes.length > 0);
}
