/** SDK usage counts into hour buckets (base/usage-records.ts); their retention is runtime/usage-prune.ts. */
import type { WriteTx } from '../base/storage';
import { usageBucketKey, type UsageBucketRecord } from '../base/usage-records';

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
