import { isLiveKey, requireAdmin, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { applyChangeRequestInTx } from '../change-requests/apply-change-request';
import { requestEvent } from '../change-requests/change-request-events';
import { emit } from '../runtime/emit';
import { AdminError, toAdminError } from '../base/errors';
import type { ReadTx } from '../base/storage';
import type { ChangeRequestRecord, SchedulerRecord } from '../base/change-request-records';

const isDue = (
  cr: ChangeRequestRecord | undefined,
  now: number,
): cr is ChangeRequestRecord & { schedule: NonNullable<ChangeRequestRecord['schedule']> } =>
  cr !== undefined && cr.state === 'Scheduled' && cr.schedule?.status === 'pending' && Date.parse(cr.schedule.scheduledAt) <= now;

/** The key that scheduled a request must still be valid when it applies (the system principal, id 0, always is). */
async function requireLiveScheduler(tx: ReadTx, { id, user, role, projects, environments }: SchedulerRecord, now: number): Promise<void> {
  if (id === 0) return;
  if (user) {
    // A person: still there, with the access they scheduled with (a change of it is a revocation too).
    const person = await tx.get('users', String(id));
    const same =
      person && JSON.stringify([person.role, person.projects, person.environments]) === JSON.stringify([role, projects, environments]);
    if (!same)
      throw new AdminError(
        'NoAccessError',
        `The person who scheduled this change request (id ${id}) has been removed or their access has changed.`,
      );
    return;
  }
  const key = (await tx.list('apiKeys')).find((k) => k.id === id);
  if (!key || !isLiveKey(key, now)) {
    throw new AdminError('NoAccessError', `The key that scheduled this change request (id ${id}) has been deleted or has expired.`);
  }
}

/**
 * Applies every Scheduled request whose time has come, each in its own transaction that checks it is
 * still due (so it applies exactly once, whoever else runs this: another timer, another process),
 * acting as the key that scheduled it (which must not have been deleted or expired since). A request that cannot be applied (a conflict, a failing change)
 * stays Scheduled with `schedule.status: failed` and the reason, event
 * `change-request-schedule-failed`; one whose apply failed for another cause (the storage away, a
 * 5xx) stays pending and is tried again at the next run. Hosts call this on a timer and at start (ADMIN, e.g. SYSTEM_PRINCIPAL).
 */
export async function applyDueChangeRequests(ctx: AdminContext, principal: Principal): Promise<{ applied: number[]; failed: number[] }> {
  requireAdmin(principal);
  const now = ctx.now().getTime();
  const due = await ctx.read(async (tx) => (await tx.list('changeRequests')).filter((cr) => isDue(cr, now)));
  const applied: number[] = [];
  const failed: number[] = [];
  for (const { id } of due) {
    try {
      const done = await ctx.write(async (tx) => {
        const cr = await tx.get('changeRequests', String(id));
        if (!isDue(cr, now)) return false;
        const actor = cr.schedule.by;
        await requireLiveScheduler(tx, actor, now);
        const { record, events } = await applyChangeRequestInTx(tx, ctx, actor, cr, cr.schedule.force);
        await tx.put('changeRequests', record);
        await emit(tx, ctx, actor, events);
        return true;
      });
      if (done) applied.push(id);
    } catch (error) {
      const reason = toAdminError(error);
      if (reason.status >= 500) {
        // The storage or the process failed, not the request: it stays pending for the next run.
        ctx.logger.warn({ changeRequestId: id, err: error }, 'scheduled change request not applied; trying again at the next run');
        continue;
      }
      ctx.logger.warn({ changeRequestId: id, error: reason.message }, 'scheduled change request not applied');
      const marked = await ctx.write(async (tx) => {
        const cr = await tx.get('changeRequests', String(id));
        if (!isDue(cr, now)) return false;
        cr.schedule = { ...cr.schedule, status: 'failed', reason: reason.message };
        await tx.put('changeRequests', cr);
        await emit(tx, ctx, cr.schedule.by, [
          requestEvent(cr, 'change-request-schedule-failed', {
            reason: reason.message,
            ...(reason.conflicts ? { conflicts: reason.conflicts } : {}),
          }),
        ]);
        return true;
      });
      if (marked) failed.push(id);
    }
  }
  return { applied, failed };
}
