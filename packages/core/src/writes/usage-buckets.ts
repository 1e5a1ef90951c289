/**
 * SDK usage counts into hour buckets (base/usage-records.ts), and the retention: each write of reports
 * also deletes the buckets of the hours that left the retention since the last one did (at most
 * PRUNE_HOURS_PER_WRITE hours per write, so a write after a long pause stays bounded; the next ones go
 * on), so the buckets never outgrow the retention, whatever reports come.
 */
import type { WriteTx } from '../base/storage';
import { HOUR_MS, hourStart, usageBucketKey, usageIndex, type UsageBucketRecord } from '../base/usage-records';

/** The settings record saying through which hour (its number since the epoch) buckets are pruned. */
export const USAGE_PRUNED = 'flagadmin.usage-pruned';

export const PRUNE_HOURS_PER_WRITE = 72;

/** Adds counts to their bucket (created at zero). Variant names are kept in a Map while summed. */
export async function addUsage(tx: WriteTx, counts: UsageBucketRecord): Promise<void> {
  const stored = await tx.get('usageBuckets', usageBucketKey(counts));
  const variants = new Map(Object.entries(stored?.variants ?? {}));
  for (const [name, n] of Object.entries(counts.variants)) variants.set(name, capped((variants.get(name) ?? 0) + n));
  await tx.put('usageBuckets', {
    ...counts,
    yes: capped((stored?.yes ?? 0) + counts.yes),
    no: capped((stored?.no ?? 0) + counts.no),
    variants: Object.fromEntries(variants),
  });
}

const capped = (n: number): number => Math.min(n, Number.MAX_SAFE_INTEGER);

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
