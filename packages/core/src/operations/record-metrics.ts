import { canSeeProject, requireClientKey, type Principal } from '../base/auth';
import type { FeatureRecord } from '../base/records';
import { hourStart } from '../base/usage-records';
import { environmentOf, upsertInstance, type ClientHints, type ClientMetrics, type SdkType } from '../runtime/client-apps';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';
import { stampFeaturesSeen } from '../writes/feature-stamps';
import { addUsage } from '../writes/usage-buckets';

/**
 * `POST /api/client/metrics`: usage counts per feature, kept in hour buckets per feature, environment
 * and application for `usageRetentionHours` (writes/usage-buckets.ts), counted in the hour the server
 * received them (an SDK's clock is not trusted to place them). The app becomes a user of each reported
 * feature's project (within the key's scope), and the features are stamped as seen (`lastSeenAt`,
 * lifecycle stages: `stampFeaturesSeen`). Flags that do not exist, are outside the key's scope or were
 * counted zero times are left out, as Unleash leaves unknown flags out. Not an audit event; written with
 * the other SDK reports of its batch (resolves once durable).
 */
export async function recordMetrics(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown; hints?: ClientHints; sdkType?: SdkType },
): Promise<void> {
  requireClientKey(principal);
  assertValid<ClientMetrics>('clientMetrics', input.body, 'client metrics');
  const body = input.body;
  const environment = environmentOf(principal, body.environment);
  await ctx.usage.submit(async (tx) => {
    const now = ctx.now();
    const at = now.toISOString();
    const app = await upsertInstance(tx, body.appName, {
      instanceId: body.instanceId ?? input.hints?.instanceId ?? 'default',
      sdkVersion: body.sdkVersion ?? input.hints?.sdkVersion ?? null,
      environment,
      lastSeen: at,
      sdkType: input.sdkType ?? 'backend',
      ...(input.hints?.clientIp ? { clientIp: input.hints.clientIp } : {}),
    });
    const projects = new Set(app.projects);
    const seen: FeatureRecord[] = [];
    for (const [name, counts] of Object.entries(body.bucket.toggles)) {
      const yes = counts.yes ?? 0;
      const no = counts.no ?? 0;
      if (yes + no === 0) continue;
      const feature = await tx.get('features', name);
      if (!feature || !canSeeProject(principal, feature.project)) continue;
      projects.add(feature.project);
      seen.push(feature);
      await addUsage(tx, {
        feature: name,
        project: feature.project,
        // Unleash's environment for a report through a key of every environment that names none.
        environment: environment ?? 'default',
        appName: body.appName,
        start: hourStart(now.getTime()),
        yes,
        no,
        variants: counts.variants ?? {},
      });
    }
    await stampFeaturesSeen(tx, seen, { environment: environment === null ? undefined : await tx.get('environments', environment), at });
    app.projects = [...projects].sort();
    await tx.put('clientApps', app);
  });
}
