import { canSeeProject, requireClientKey, type Principal } from '../base/auth';
import { environmentOf, upsertInstance, type ClientHints, type ClientMetrics } from '../runtime/client-apps';
import type { AdminContext } from '../runtime/context';
import { assertValid } from '../schemas/validation';

/**
 * `POST /api/client/metrics`: usage counts per feature. The app becomes a user of each reported
 * feature's project (within the key's scope), and the features' `lastSeenAt` move. Not an audit event;
 * written with the other SDK reports of its batch (resolves once durable).
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
    for (const [name, counts] of Object.entries(body.bucket.toggles)) {
      if ((counts.yes ?? 0) + (counts.no ?? 0) === 0) continue;
      const feature = await tx.get('features', name);
      if (!feature || !canSeeProject(principal, feature.project)) continue;
      projects.add(feature.project);
      feature.lastSeenAt = now;
      for (const env of feature.environments) if (env.name === environment) env.lastSeenAt = now;
      await tx.put('features', feature);
    }
    app.projects = [...projects].sort();
    await tx.put('clientApps', app);
  });
}
