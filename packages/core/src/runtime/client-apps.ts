/** What SDKs report about themselves (registration, metrics) and how it lands on the app record. */
import type { Principal } from '../base/auth';
import type { ClientAppRecord, ClientInstance } from '../base/records';
import type { WriteTx } from '../base/storage';

export interface ClientRegistration {
  appName: string;
  instanceId?: string;
  sdkVersion?: string;
  environment?: string;
  strategies?: string[];
}

export interface ClientMetrics {
  appName: string;
  instanceId?: string;
  environment?: string;
  sdkVersion?: string;
  bucket: { toggles: Record<string, { yes?: number; no?: number; variants?: Record<string, number> }> };
}

/** Which API an SDK instance reports through. */
export type SdkType = NonNullable<ClientInstance['sdkType']>;

/** Where a client's report comes from when it does not say: the header values an SDK sends. */
export interface ClientHints {
  sdkVersion?: string | null;
  instanceId?: string | null;
  /** The address the report came from. */
  clientIp?: string | null;
}

/** The environment a client key reads, or the one its report names. */
export function environmentOf(principal: Principal, reported: string | undefined): string | null {
  const own = principal.environments[0];
  return own && own !== '*' ? own : (reported ?? null);
}

/**
 * How long an SDK instance is kept after it was last seen: two days, as Unleash keeps client instances.
 * A fleet restarting its pods every day thus holds about two days of instance ids per app, not all of them
 * since the app first reported.
 */
export const INSTANCE_RETENTION_MS = 2 * 86_400_000;

/**
 * The app record with this instance added, or its entry brought up to date, its instances not seen
 * within INSTANCE_RETENTION_MS of this report dropped, and stamped as seen (not yet put). Apps not seen
 * for APP_RETENTION_DAYS are deleted once per batch of reports, after them (client-app-prune.ts, called
 * by the batch: runtime/context.ts).
 */
export async function upsertInstance(tx: WriteTx, appName: string, instance: ClientInstance): Promise<ClientAppRecord> {
  const now = Date.parse(instance.lastSeen);
  const app: ClientAppRecord = (await tx.get('clientApps', appName)) ?? { appName, instances: [], projects: [] };
  app.lastSeen = instance.lastSeen;
  const oldest = now - INSTANCE_RETENTION_MS;
  app.instances = app.instances.filter((i) => Date.parse(i.lastSeen) >= oldest);
  const existing = app.instances.find((i) => i.instanceId === instance.instanceId);
  if (existing) {
    existing.lastSeen = instance.lastSeen;
    if (instance.sdkVersion) existing.sdkVersion = instance.sdkVersion;
    if (instance.environment) existing.environment = instance.environment;
    if (instance.sdkType) existing.sdkType = instance.sdkType;
    if (instance.clientIp) existing.clientIp = instance.clientIp;
  } else {
    app.instances.push(instance);
  }
  return app;
}
