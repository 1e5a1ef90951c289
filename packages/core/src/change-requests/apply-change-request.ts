/**
 * Applying a change request inside the caller's write transaction: 409 with the conflicts unless
 * forced, then every change through the same code as its direct route (segments first, then features
 * in order), all or nothing. The feature and segment events carry the request's id; the returned
 * `change-request-applied` event lists their ids (the next ids after the last committed event).
 */
import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { AdminError } from '../base/errors';
import type { ChangeRequestRecord } from '../base/change-request-records';
import type { WriteTx } from '../base/storage';
import { requestEvent } from './change-request-events';
import type { RequestChange } from './change-request-write';
import { conflictsOf } from './change-targets';
import { countingTx } from './counting-tx';
import { storedChanges } from './prepared-changes';

export async function applyChangeRequestInTx(
  tx: WriteTx,
  ctx: AdminContext,
  principal: Principal,
  cr: ChangeRequestRecord,
  force: boolean,
): Promise<RequestChange> {
  if (!force) {
    const conflicts = await conflictsOf(tx, cr);
    if (conflicts.length) {
      const list = conflicts.map((c) => `change ${c.changeId}${c.feature ? ` of "${c.feature}"` : ''}: ${c.message}`).join('; ');
      throw new AdminError('ConflictError', `Change request ${cr.id} has conflicts (apply it with force to override): ${list}.`, {
        conflicts,
      });
    }
  }
  const lastEventId = await tx.countEvents({});
  const counting = countingTx(tx);
  const origin = { principal, changeRequestId: cr.id };
  for (const change of storedChanges(cr)) {
    try {
      await change.prepared().run(counting.tx, ctx, origin);
    } catch (error) {
      if (!(error instanceof AdminError)) throw error;
      const what = change.place.feature === null ? 'a segment' : `feature "${change.place.feature}"`;
      throw new AdminError(error.name, `Change ${change.id} (of ${what}) cannot be applied, so nothing was: ${error.message}`, {
        ...(error.details ? { details: error.details } : {}),
        ...(error.permissions ? { permissions: error.permissions } : {}),
        ...(error.conflicts ? { conflicts: error.conflicts } : {}),
      });
    }
  }
  const eventIds = Array.from({ length: counting.appended() }, (_, i) => lastEventId + 1 + i);
  const { schedule: _schedule, ...rest } = cr;
  const record: ChangeRequestRecord = { ...rest, state: 'Applied' };
  return { record, events: [requestEvent(record, 'change-request-applied', { eventIds, forced: force })] };
}
