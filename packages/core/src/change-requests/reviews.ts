/** Approvals and rejections: one approval per key; the request is Approved once it has minApprovals of them. */
import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { AdminError } from '../base/errors';
import type { ChangeRequestRecord } from '../base/change-request-records';
import { requestEvent } from './change-request-events';
import { userOf, type RequestChange } from './change-request-write';
import { requireMove } from './transitions';

export async function approve(ctx: AdminContext, principal: Principal, cr: ChangeRequestRecord): Promise<RequestChange> {
  requireMove(principal, cr, 'Approved');
  if (cr.approvals.some((a) => a.createdBy.id === principal.id)) {
    throw new AdminError('ConflictError', `Change request ${cr.id} already has the approval of "${principal.name}": one approval per key.`);
  }
  cr.approvals.push({ createdBy: await userOf(principal), createdAt: ctx.now().toISOString() });
  const events = [requestEvent(cr, 'change-request-approval-added', { approvals: cr.approvals.length, minApprovals: cr.minApprovals })];
  if (cr.approvals.length >= cr.minApprovals) {
    cr.state = 'Approved';
    events.push(requestEvent(cr, 'change-request-approved'));
  }
  return { record: cr, events };
}

export async function reject(ctx: AdminContext, principal: Principal, cr: ChangeRequestRecord): Promise<RequestChange> {
  requireMove(principal, cr, 'Rejected');
  cr.rejections.push({ createdBy: await userOf(principal), createdAt: ctx.now().toISOString() });
  cr.state = 'Rejected';
  delete cr.schedule;
  return { record: cr, events: [requestEvent(cr, 'change-request-rejected')] };
}
