import { requireAdminKey, type Principal } from '../base/auth';
import { HOUR_MS, hourStart } from '../base/usage-records';
import type { AdminContext } from '../runtime/context';
import { distinctSorted, featureBuckets, windowStart } from '../runtime/usage-reads';
import type { FeatureEnvironmentMetrics } from './get-feature-usage-summary';

export interface FeatureMetrics {
  version: 1;
  maturity: 'stable';
  data: FeatureEnvironmentMetrics[];
}

/** Unleash's default window, and its largest without extended metrics. */
const DEFAULT_HOURS = 24;
const MAX_HOURS = 48;
/** Applications in one answer at most (Unleash's). */
const MAX_APPS = 100;

/**
 * `GET /api/admin/client-metrics/features/:name/raw` (`getRawFeatureMetrics`): the feature's hour
 * buckets of the last `hoursBack` hours (1 to 48, or to `usageRetentionHours` when larger; anything else
 * is the default 24, as Unleash ignores it), one per environment, application and hour, hours nothing was
 * reported in counted zero, oldest first (Unleash's answer; at most 100 applications).
 */
export async function getRawFeatureMetrics(
  ctx: AdminContext,
  principal: Principal,
  input: { featureName: string; hoursBack?: string | null },
): Promise<FeatureMetrics> {
  requireAdminKey(principal);
  const hours = hoursOf(input.hoursBack, Math.max(MAX_HOURS, ctx.limits.usageRetentionHours));
  const nowMs = ctx.now().getTime();
  const since = windowStart(nowMs, hours);
  return ctx.read(async (tx) => {
    const buckets = await featureBuckets(tx, principal, input.featureName, since);
    const found = new Map(buckets.map((b) => [JSON.stringify([b.environment, b.appName, b.start]), b]));
    const data: FeatureEnvironmentMetrics[] = [];
    const apps = distinctSorted(buckets.map((b) => b.appName)).slice(0, MAX_APPS);
    const environments = distinctSorted(buckets.map((b) => b.environment));
    for (let h = 0; h < hours; h++) {
      const timestamp = hourStart(since + h * HOUR_MS);
      for (const environment of environments)
        for (const appName of apps) {
          const b = found.get(JSON.stringify([environment, appName, timestamp]));
          const variants = b && Object.keys(b.variants).length > 0 ? { variants: b.variants } : {};
          data.push({ featureName: input.featureName, appName, environment, timestamp, yes: b?.yes ?? 0, no: b?.no ?? 0, ...variants });
        }
    }
    return { version: 1, maturity: 'stable', data };
  });
}

function hoursOf(text: string | null | undefined, max: number): number {
  const n = text === null || text === undefined || text.trim() === '' ? Number.NaN : Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : DEFAULT_HOURS;
}
