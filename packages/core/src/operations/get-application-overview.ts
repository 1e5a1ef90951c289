import { requireAdminKey, type Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import { isOutdatedSdk } from '../base/sdk-versions';
import { builtInDefinition } from '../base/strategy-definitions';
import type { AdminContext } from '../runtime/context';
import { appBuckets, distinctSorted, RECENT_INSTANCE_MS, windowStart } from '../runtime/usage-reads';

export interface ApplicationOverview {
  projects: string[];
  featureCount: number;
  environments: {
    name: string;
    instanceCount: number;
    sdks: string[];
    frontendSdks: string[];
    backendSdks: string[];
    lastSeen: string | null;
    issues: { missingFeatures: string[]; outdatedSdks: string[] };
  }[];
  issues: { missingStrategies: string[] };
}

/** Strategies SDKs still announce that Unleash no longer defines: never reported missing (as Unleash). */
const DEPRECATED_STRATEGIES = new Set(['gradualRolloutRandom', 'gradualRolloutSessionId', 'gradualRolloutUserId', 'userWithId']);

/**
 * `GET /api/admin/metrics/applications/:appName/overview` (`getApplicationOverview`), from the usage
 * the application reported within the retention (in projects the key may see) and its instances of the
 * last 24 hours: its projects and how many features it used; per environment it reported from, its
 * recent instances, their SDKs (frontend and backend apart), when one was last seen, the features it
 * reported that no longer exist and the outdated SDKs; and the strategies it announced that the instance
 * does not define. 404 for an unknown application.
 */
export async function getApplicationOverview(
  ctx: AdminContext,
  principal: Principal,
  input: { appName: string },
): Promise<ApplicationOverview> {
  requireAdminKey(principal);
  const nowMs = ctx.now().getTime();
  return ctx.read(async (tx) => {
    const app = await tx.get('clientApps', input.appName);
    if (!app) throw new AdminError('NotFoundError', `Could not find application with appName ${input.appName}`);
    const buckets = await appBuckets(tx, principal, app.appName, windowStart(nowMs, ctx.limits.usageRetentionHours));
    const projects = new Set<string>();
    const missing = new Set<string>();
    for (const name of new Set(buckets.map((b) => b.feature))) {
      const feature = await tx.get('features', name);
      if (feature) projects.add(feature.project);
      else missing.add(name);
    }
    const recent = app.instances.filter((i) => Date.parse(i.lastSeen) >= nowMs - RECENT_INSTANCE_MS);
    const environments = distinctSorted(buckets.map((b) => b.environment)).map((name) => {
      const instances = recent.filter((i) => i.environment === name);
      const sdks = (type?: 'frontend' | 'backend') =>
        distinctSorted(instances.flatMap((i) => (i.sdkVersion && (!type || (i.sdkType ?? 'backend') === type) ? [i.sdkVersion] : [])));
      const all = sdks();
      return {
        name,
        instanceCount: new Set(instances.map((i) => i.instanceId)).size,
        sdks: all,
        frontendSdks: sdks('frontend'),
        backendSdks: sdks('backend'),
        lastSeen: instances.reduce<string | null>((last, i) => (last === null || i.lastSeen > last ? i.lastSeen : last), null),
        issues: {
          missingFeatures: distinctSorted(buckets.filter((b) => b.environment === name && missing.has(b.feature)).map((b) => b.feature)),
          outdatedSdks: all.filter(isOutdatedSdk),
        },
      };
    });
    const missingStrategies: string[] = [];
    for (const strategy of app.strategies ?? []) {
      if (DEPRECATED_STRATEGIES.has(strategy) || builtInDefinition(strategy)) continue;
      if (!(await tx.get('strategyDefinitions', strategy))) missingStrategies.push(strategy);
    }
    return {
      projects: [...projects].sort(),
      featureCount: new Set(buckets.map((b) => b.feature)).size,
      environments,
      issues: { missingStrategies },
    };
  });
}
