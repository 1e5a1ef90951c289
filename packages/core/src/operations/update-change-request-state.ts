import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { applyChangeRequestInTx } from '../change-requests/apply-change-request';
import type { ChangeRequestDocument } from '../change-requests/change-request-document';
import { requestEvent } from '../change-requests/change-request-events';
import { changeRequestWrite, type ChangeRequestRef, type RequestChange } from '../change-requests/change-request-write';
import { approve, reject } from '../change-requests/reviews';
import { requireMove } from '../change-requests/transitions';
import { AdminError, badData } from '../base/errors';
import type { ChangeRequestState } from '../base/records';
import type { ChangeRequestRecord } from '../base/change-request-records';
import type { WriteTx } from '../base/storage';
import { assertValid } from '../schemas/validation';
import { futureInstant } from '../base/future-instant';
import { addComment } from '../change-requests/comments';

interface StateBody {
  state: ChangeRequestState;
  comment?: string;
  scheduledAt?: string;
  force?: boolean;
}

/**
 * `PUT .../change-requests/:id/state` `{state, comment?, scheduledAt?, force?}`: one move of the state
 * machine (see change-requests/transitions.ts for who may make which). `Approved` adds the caller's
 * approval; `Applied` applies every change in this transaction (409 with the conflicts unless
 * `force`); `Scheduled` needs a future `scheduledAt`. A `comment` is added to the request's comments.
 */
export async function updateChangeRequestState(
  ctx: AdminContext,
  principal: Principal,
  input: ChangeRequestRef & { body: unknown },
): Promise<ChangeRequestDocument> {
  assertValid<StateBody>('changeRequestStateBody', input.body, 'state change');
  const body = { ...input.body };
  if (body.state === 'Scheduled') {
    if (body.scheduledAt === undefined)
      throw badData('Scheduling needs scheduledAt.', [{ message: 'scheduledAt is required', path: '/scheduledAt' }]);
    body.scheduledAt = futureInstant(body.scheduledAt, ctx.now(), 'scheduledAt', 'The change request cannot be scheduled');
  } else if (body.scheduledAt !== undefined) {
    throw badData('scheduledAt goes with the state Scheduled only.', [{ message: 'only with Scheduled', path: '/scheduledAt' }]);
  }
  return changeRequestWrite(ctx, principal, input, async (tx, cr) => {
    const { record, events } = await move(tx, ctx, principal, cr, body);
    if (body.comment !== undefined) await addComment(ctx, principal, record, body.comment, '/comment');
    return { record, events };
  });
}

async function move(
  tx: WriteTx,
  ctx: AdminContext,
  principal: Principal,
  cr: ChangeRequestRecord,
  body: StateBody,
): Promise<RequestChange> {
  if (body.state === 'Approved') return approve(ctx, principal, cr);
  if (body.state === 'Rejected') return reject(ctx, principal, cr);
  requireMove(principal, cr, body.state);
  switch (body.state) {
    case 'In review':
      if (cr.features.every((f) => f.changes.length === 0) && cr.segments.length === 0) {
        throw new AdminError('ConflictError', `Change request ${cr.id} has no changes: there is nothing to review.`);
      }
      cr.state = 'In review';
      return { record: cr, events: [requestEvent(cr, 'change-request-sent-to-review')] };
    case 'Applied':
      return applyChangeRequestInTx(tx, ctx, principal, cr, body.force ?? false);
    case 'Scheduled': {
      const { id, name, type, role, projects, environments } = principal;
      const by = {
        id,
        name,
        type,
        role,
        projects: [...projects],
        environments: [...environments],
        ...(principal.user ? { user: true as const } : {}),
      };
      cr.schedule = { scheduledAt: body.scheduledAt!, status: 'pending', force: body.force ?? false, by };
      cr.state = 'Scheduled';
      return { record: cr, events: [requestEvent(cr, 'change-request-scheduled', { scheduledAt: cr.schedule.scheduledAt })] };
    }
    default:
      cr.state = 'Cancelled';
      delete cr.schedule;
      return { record: cr, events: [requestEvent(cr, 'change-request-cancelled')] };
  }
}
