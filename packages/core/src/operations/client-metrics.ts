import { canSeeProject, requireClientKey, type Principal } from '../auth';
import type { AdminContext } from '../context';
import type { ClientAppRecord, ClientInstance } from '../records';
import type { WriteTx } from '../storage';
import { assertValid } from '../validation';

export interface ClientRegistration {
  appName: string;
  instanceId?: string;
  sdkVersion?: string;
  environment?: string;
}

export interface ClientMetrics {
  appName: string;
  instanceId?: string;
  environment?: string;
  sdkVersion?: string;
  bucket: { toggles: Record<string, { yes?: number; no?: number }> };
}

/** Where a client's report comes from when it does not say: the header values an SDK sends. */
export interface ClientHints {
  sdkVersion?: string | null;
  instanceId?: string | null;
}

/** The environment a client key reads, or the one its report names. */
function environmentOf(principal: Principal, reported: string | undefined): string | null {
  const own = principal.environments[0];
  return own && own !== '*' ? own : (reported ?? null);
}

async function upsertInstance(
  tx: WriteTx,
  appName: string,
  instance: ClientInstance,
): Promise<ClientAppRecord> {
  const app: ClientAppRecord = (await tx.get('clientApps', appName)) ?? { appName, instances: [], projects: [] };
  const existing = app.instances.find((i) => i.instanceId === instance.instanceId);
  if (existing) {
    existing.lastSeen = instance.lastSeen;
    if (instance.sdkVersion) existing.sdkVersion = instance.sdkVersion;
    if (instance.environment) existing.environment = instance.environment;
  } else {
    app.instances.push(instance);
  }
  return app;
}

/** `POST /api/client/register`: an SDK instance says which SDK and version it runs. Not an audit event. */
export async function registerClient(ctx: AdminContext, principal: Principal, input: { body: unknown; hints?: ClientHints }): Promise<void> {
  requireClientKey(principal);
  assertValid<ClientRegistration>('clientRegister', input.body, 'client registration');
  const body = input.body;
  await ctx.write(async (tx) => {
    const app = await upsertInstance(tx, body.appName, {
      instanceId: body.instanceId ?? input.hints?.instanceId ?? 'default',
      sdkVersion: body.sdkVersion ?? input.hints?.sdkVersion ?? null,
      environment: environmentOf(principal, body.environment),
      lastSeen: ctx.now().toISOString(),
    });
    await tx.put('clientApps', app);
  });
}

/**
 * `POST /api/client/metrics`: usage counts per feature. The app becomes a user of each reported
 * feature's project (within the key's scope), and the features' `lastSeenAt` move. Not an audit event.
 */
export async function recordMetrics(ctx: AdminContext, principal: Principal, input: { body: unknown; hints?: ClientHints }): Promise<void> {
  requireClientKey(principal);
  assertValid<ClientMetrics>('clientMetrics', input.body, 'client metrics');
  const body = input.body;
  const environment = environmentOf(principal, body.environment);
  await ctx.write(async (tx) => {
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
