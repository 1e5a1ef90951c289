/** The write path of every change to a change request: find it (404 as GET would), change a copy, store it and its events in one transaction. */
import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { emit, type EventInput } from '../runtime/emit';
import { avatarUrl } from '../base/avatar';
import { jsonClone } from '../base/json';
import type { ChangeRequestRecord } from '../base/change-request-records';
import type { WriteTx } from '../base/storage';
import { changeRequestDocument, type ChangeRequestDocument } from './change-request-document';
import { visibleChangeRequest } from './change-request-lookup';

export interface ChangeRequestRef {
  projectId: string;
  id: string | number;
}

/** What a change made: the request to store (a changed copy) and its events, in order. */
export interface RequestChange {
  record: ChangeRequestRecord;
  events: EventInput[];
}

export async function changeRequestWrite(
  ctx: AdminContext,
  principal: Principal,
  ref: ChangeRequestRef,
  change: (tx: WriteTx, cr: ChangeRequestRecord) => Promise<RequestChange>,
): Promise<ChangeRequestDocument> {
  requireAdminKey(principal);
  return ctx.write(async (tx) => {
    const cr = await visibleChangeRequest(tx, principal, ref.projectId, ref.id);
    const { record, events } = await change(tx, jsonClone(cr));
    // A change that changes nothing (no event) writes nothing.
    if (events.length === 0) return changeRequestDocument(tx, cr);
    await tx.put('changeRequests', record);
    await emit(tx, ctx, principal, events);
    return changeRequestDocument(tx, record);
  });
}

/** A key as the author of a comment or an approval, as Unleash shows users. */
export async function userOf(principal: Principal): Promise<{ id: number; username: string; imageUrl: string }> {
  return { id: principal.id, username: principal.name, imageUrl: await avatarUrl(principal.name) };
}
