/**
 * What storages keep of SDK usage metrics: one bucket per feature, environment, application and hour
 * (Unleash's `client_metrics_env` rows), with its yes/no counts and variant counts. Buckets are listed
 * through the collection's one secondary index under three values: their feature, their application and
 * their hour (`usageIndex`), so a feature's or an application's buckets, and the buckets of an hour past
 * the retention, are found without a scan.
 */

export interface UsageBucketRecord {
  feature: string;
  /** The feature's project when the bucket was written (what a key's scope is checked against). */
  project: string;
  environment: string;
  appName: string;
  /** The start of the hour (ISO, `…:00:00.000Z`). */
  start: string;
  yes: number;
  no: number;
  /** Counts per variant name (a null-prototype map while written; plain JSON when stored). */
  variants: Record<string, number>;
}

/** The values a bucket is listed under in the collection's index. */
export const usageIndex = {
  feature: (name: string): string => `feature:${name}`,
  app: (appName: string): string => `app:${appName}`,
  hour: (start: string): string => `hour:${start}`,
} as const;

export const usageBucketKey = (b: Pick<UsageBucketRecord, 'start' | 'feature' | 'environment' | 'appName'>): string =>
  JSON.stringify([b.start, b.feature, b.environment, b.appName]);

export const HOUR_MS = 3_600_000;

/** The start of the hour `ms` falls in, as ISO text. */
export const hourStart = (ms: number): string => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString();
