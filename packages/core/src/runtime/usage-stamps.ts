/**
 * Features that SDK usage changed without an event (a lifecycle stage entered, `lastSeenAt` moved to a
 * new hour), for the search index (feature-index.ts), which otherwise follows the event log. Kept in the
 * storage as one settings record, so every process sharing a database sees them: a counter and the
 * names of the last STAMPS_KEPT stamps, the last name being the counter's. An index further behind
 * than that is built again from the features.
 */
import type { ReadTx, WriteTx } from '../base/storage';

export const USAGE_STAMPS = 'flagadmin.usage-stamps';

/** How many stamps are kept (the index rebuilds when it missed more). */
export const STAMPS_KEPT = 2_000;

export interface UsageStamps {
  /** The number of the last stamp (0: none yet). */
  last: number;
  /** The features of the last `names.length` stamps, oldest first. */
  names: string[];
}

export async function readUsageStamps(tx: ReadTx): Promise<UsageStamps> {
  const value = (await tx.get('settings', USAGE_STAMPS))?.value as UsageStamps | undefined;
  return value ?? { last: 0, names: [] };
}

/** Adds a stamp per name (nothing written for none). */
export async function addUsageStamps(tx: WriteTx, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const stamps = await readUsageStamps(tx);
  const kept = [...stamps.names, ...names].slice(-STAMPS_KEPT);
  await tx.put('settings', { name: USAGE_STAMPS, value: { last: stamps.last + names.length, names: kept } });
}

/**
 * The names stamped after stamp number `after`, or `undefined` when some of them are no longer kept
 * (the caller then reads every feature).
 */
export function stampedSince(stamps: UsageStamps, after: number): string[] | undefined {
  if (stamps.last <= after) return [];
  const first = stamps.last - stamps.names.length + 1;
  if (after + 1 < first) return undefined;
  return stamps.names.slice(after + 1 - first);
}
