import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { distinctSorted, featureBuckets, windowStart } from '../runtime/usage-reads';

export interface FeatureEnvironmentMetrics {
  featureName?: string;
  appName?: string;
  environment: string;
  timestamp: string;
  yes: number;
  no: number;
  variants?: Record<string, number>;
}

export interface FeatureUsage {
  version: 1;
  maturity: 'stable';
  featureName: string;
  /** The current hour's counts per environment (every application together). */
  lastHourUsage: FeatureEnvironmentMetrics[];
  /** The applications that reported the feature in the last 24 hours. */
  seenApplications: string[];
}

/**
 * `GET /api/admin/client-metrics/features/:name` (`getFeatureUsageSummary`): the current hour's yes/no
 * counts per environment and the applications that saw the feature in the last 24 hours, as Unleash
 * answers it. A feature nothing reported (unknown, or outside the key's projects) has empty lists, as
 * Unleash answers an unknown one.
 */
export async function getFeatureUsageSummary(
  ctx: AdminContext,
  principal: Principal,
  input: { featureName: string },
): Promise<FeatureUsage> {
  requireAdminKey(principal);
  const nowMs = ctx.now().getTime();
  return ctx.read(async (tx) => {
    const buckets = await featureBuckets(tx, principal, input.featureName, windowStart(nowMs, 24));
    const lastHour = windowStart(nowMs, 1);
    const byEnvironment = new Map<string, FeatureEnvironmentMetrics>();
    for (const b of buckets) {
      if (Date.parse(b.start) < lastHour) continue;
      const env = byEnvironment.get(b.environment);
      if (env) {
        env.yes += b.yes;
        env.no += b.no;
      } else byEnvironment.set(b.environment, { environment: b.environment, timestamp: b.start, yes: b.yes, no: b.no });
    }
    return {
      version: 1,
      maturity: 'stable',
      featureName: input.featureName,
      lastHourUsage: [...byEnvironment.values()].sort((a, b) =>
        a.environment < b.environment ? -1 : a.environment > b.environment ? 1 : 0,
      ),
      seenApplications: distinctSorted(buckets.map((b) => b.appName)),
    };
  });
}
