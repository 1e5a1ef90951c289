/**
 * The retention of SDK usage buckets: each batch of reports (runtime/usage-batch.ts, once after its reports)
 * also deletes the buckets of the hours that left the retention since the last one did (at most
 * PRUNE_HOURS_PER_WRITE hours per write, so a write after a long pause stays bounded; the next ones go
 * on), so the buckets never outgrow the retention, whatever reports come.
 */
import type { WriteTx } from '../base/storage';
import { HOUR_MS, hourStart, usageBucketKey, usageIndex } from '../base/usage-records';

/** The settings record saying through which hour (its number since the epoch) buckets are pruned. */
export const USAGE_PRUNED = 'flagadmin.usage-pruned';

export const PRUNE_HOURS_PER_WRITE = 72;

/** Deletes the buckets of hours before the retention that are not yet pruned (see above). */
export async function pruneUsage(tx: WriteTx, nowMs: number, retentionHours: number): Promise<void> {
  const firstKept = Math.floor(nowMs / HOUR_MS) - retentionHours + 1;
  const marker = (await tx.get('settings', USAGE_PRUNED))?.value as { through: number } | undefined;
  if (!marker) {
    // Nothing was ever recorded before this write: no bucket is older than the retention.
    await tx.put('settings', { name: USAGE_PRUNED, value: { through: firstKept - 1 } });
    return;
  }
  if (marker.through >= firstKept - 1) return;
  const through = Math.min(firstKept - 1, marker.through + PRUNE_HOURS_PER_WRITE);
  for (let hour = marker.through + 1; hour <= through; hour++) {
    for (const bucket of await tx.list('usageBuckets', { project: usageIndex.hour(hourStart(hour * HOUR_MS)) }))
      await tx.delete('usageBuckets', usageBucketKey(bucket));
  }
  await tx.put('settings', { name: USAGE_PRUNED, value: { through } });
}
