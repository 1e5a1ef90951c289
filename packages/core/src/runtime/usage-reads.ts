/**
 * Reads of SDK usage shared by the usage and application operations: the buckets of a feature or of an
 * application within a window (through the bucket index, never a scan), only those of projects the key
 * may see; and the SDK instances of an application.
 */
import { canSeeProject, type Principal } from '../base/auth';
import type { ReadTx } from '../base/storage';
import { HOUR_MS, usageIndex, type UsageBucketRecord } from '../base/usage-records';

/** The start (ms) of the oldest of the last `hours` hour buckets at `nowMs` (the current hour counts). */
export const windowStart = (nowMs: number, hours: number): number => (Math.floor(nowMs / HOUR_MS) - hours + 1) * HOUR_MS;

/** The buckets listed under an index value, from `sinceMs` on, of projects the principal may see. */
async function bucketsUnder(tx: ReadTx, principal: Principal, value: string, sinceMs: number): Promise<UsageBucketRecord[]> {
  const buckets = await tx.list('usageBuckets', { project: value });
  return buckets.filter((b) => Date.parse(b.start) >= sinceMs && canSeeProject(principal, b.project));
}

export const featureBuckets = (tx: ReadTx, principal: Principal, feature: string, sinceMs: number): Promise<UsageBucketRecord[]> =>
  bucketsUnder(tx, principal, usageIndex.feature(feature), sinceMs);

export const appBuckets = (tx: ReadTx, principal: Principal, appName: string, sinceMs: number): Promise<UsageBucketRecord[]> =>
  bucketsUnder(tx, principal, usageIndex.app(appName), sinceMs);

/** Sorted distinct values. */
export const distinctSorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/** How long an instance counts as recent for an application's environments (Unleash: the last 24 hours). */
export const RECENT_INSTANCE_MS = 86_400_000;
