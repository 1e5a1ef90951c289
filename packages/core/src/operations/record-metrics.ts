import { canSeeProject, requireClientKey, type Principal } from '../base/auth';
import { environmentOf, upsertInstance, type ClientHints, type ClientMetrics } from '../runtime/client-apps';
import type { FeatureRecord } from '../base/records';
import type { WriteTx } from '../base/storage';
import { enterStage } from '../rules/lifecycle';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/client/metrics`: usage counts per feature. The app becomes a user of each reported
 * feature's project (within the key's scope), the features' `lastSeenAt` move, and their lifecycle
 * enters `pre-live` (seen in a known environment) and `live` (seen in a production-type environment
 * where it is on), as Unleash's lifecycle follows metrics. Not an audit event; written with the other
 * SDK reports of its batch (resolves once durable).
 */
export async function recordMetrics(ctx: AdminContext, principal: Principal, input: { body: unknown; hints?: ClientHints }): Promise<void> {
  requireClientKey(principal);
  assertValid<ClientMetrics>('clientMetrics', input.body, 'client metrics');
  const body = input.body;
  const environment = environmentOf(principal, body.environment);
  await ctx.usage.submit(async (tx) => {
    const now = ctx.now().toISOString();
    const app = await upsertInstance(tx, body.appName, {
      instanceId: body.instanceId ?? input.hints?.instanceId ?? 'default',
      sdkVersion: body.sdkVersion ?? input.hints?.sdkVersion ?? null,
      environment,
      lastSeen: now,
    });
    const projects = new Set(app.projects);
    const enterStages = await stagesEnteredIn(tx, environment, now);
    for (const [name, counts] of Object.entries(body.bucket.toggles)) {
      if ((counts.yes ?? 0) + (counts.no ?? 0) === 0) continue;
      const feature = await tx.get('features', name);
      if (!feature || !canSeeProject(principal, feature.project)) continue;
      projects.add(feature.project);
      feature.lastSeenAt = now;
      for (const env of feature.environments) if (env.name === environment) env.lastSeenAt = now;
      enterStages(feature);
      await tx.put('features', feature);
    }
    app.projects = [...projects].sort();
    await tx.put('clientApps', app);
  });
}

/**
 * What a report from `environment` does to a feature's lifecycle (Unleash 8.2.0's feature-lifecycle
 * service): `pre-live` in any environment the instance has, `live` too in a `production`-type one where
 * the feature is on. Each stage is entered once. An archived feature is read-only: it enters nothing
 * (its stages start over at `initial` when it is revived anyway).
 */
async function stagesEnteredIn(tx: WriteTx, environment: string | null, now: string): Promise<(feature: FeatureRecord) => void> {
  const env = environment === null ? undefined : await tx.get('environments', environment);
  if (!env) return () => undefined;
  return (feature) => {
    if (feature.archived) return;
    enterStage(feature, { stage: 'pre-live', enteredStageAt: now });
    if (env.type === 'production' && feature.environments.some((e) => e.name === env.name && e.enabled))
      enterStage(feature, { stage: 'live', enteredStageAt: now });
  };
}
