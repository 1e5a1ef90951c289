/**
 * Applications (what SDKs register and report) not seen for APP_RETENTION_DAYS are deleted, as Unleash
 * deletes client applications not seen for 30 days. Every write of SDK reports (one per batch of them,
 * runtime/usage-batch.ts) also deletes the applications last seen on the days that left the retention since
 * the last such write (at most PRUNE_DAYS_PER_WRITE days per write, so a write after a long pause stays
 * bounded; the next ones go on), found through the collection's index by the day last seen
 * (base/records.ts, appSeenIndex). The first write that prunes reads every application once: records
 * written before the day was indexed are deleted when stale, and written again (so indexed) otherwise.
 */
import { appSeenDay, appSeenIndex, type ClientAppRecord } from '../base/records';
import type { WriteTx } from '../base/storage';

/** Days an application is kept after it was last seen (Unleash's figure). */
export const APP_RETENTION_DAYS = 30;
/** Most days of applications one write prunes. */
export const PRUNE_DAYS_PER_WRITE = 31;
/** The settings record saying through which day (since the epoch) applications are pruned. */
export const APPS_PRUNED = 'flagadmin.apps-pruned';

const DAY_MS = 86_400_000;

/**
 * Deletes the applications last seen before the retention that are not yet pruned. Run once per batch of
 * SDK reports, after them (runtime/usage-batch.ts): the applications they wrote are seen now, so none of
 * them is on a day pruned.
 */
export async function pruneApps(tx: WriteTx, nowMs: number): Promise<void> {
  // Seen on day `through` or before: not seen for at least APP_RETENTION_DAYS.
  const last = Math.floor((nowMs - APP_RETENTION_DAYS * DAY_MS) / DAY_MS) - 1;
  const marker = (await tx.get('settings', APPS_PRUNED))?.value as { through: number } | undefined;
  if (!marker) {
    for (const app of await tx.list('clientApps')) {
      const day = appSeenDay(app);
      if (day !== undefined && day <= last) await tx.delete('clientApps', app.appName);
      else await tx.put('clientApps', stamped(app, nowMs));
    }
    await tx.put('settings', { name: APPS_PRUNED, value: { through: last } });
    return;
  }
  if (marker.through >= last) return;
  const through = Math.min(last, marker.through + PRUNE_DAYS_PER_WRITE);
  for (let day = marker.through + 1; day <= through; day++) {
    for (const app of await tx.list('clientApps', { project: appSeenIndex(day) })) await tx.delete('clientApps', app.appName);
  }
  await tx.put('settings', { name: APPS_PRUNED, value: { through } });
}

/** An application of a record without a day last seen counts as seen now (kept the whole retention). */
function stamped(app: ClientAppRecord, nowMs: number): ClientAppRecord {
  return appSeenDay(app) === undefined ? { ...app, lastSeen: new Date(nowMs).toISOString() } : app;
}
