import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { RECENT_INSTANCE_MS } from '../runtime/usage-reads';

export interface ApplicationInstance {
  instanceId: string;
  sdkVersion: string | null;
  clientIp: string | null;
  lastSeen: string;
}

/**
 * `GET /api/admin/metrics/instances/:appName/environment/:environment`
 * (`getApplicationEnvironmentInstances`): the application's instances seen in the environment in the last
 * 24 hours, most recently seen first; none for an unknown application, as Unleash answers. `clientIp` is
 * the address it last reported from through the client API (null when the host did not say).
 */
export async function getApplicationEnvironmentInstances(
  ctx: AdminContext,
  principal: Principal,
  input: { appName: string; environment: string },
): Promise<{ instances: ApplicationInstance[] }> {
  requireAdminKey(principal);
  const since = ctx.now().getTime() - RECENT_INSTANCE_MS;
  return ctx.read(async (tx) => {
    const app = await tx.get('clientApps', input.appName);
    const instances = (app?.instances ?? [])
      .filter((i) => i.environment === input.environment && Date.parse(i.lastSeen) >= since)
      .sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0))
      .map((i) => ({ instanceId: i.instanceId, sdkVersion: i.sdkVersion, clientIp: i.clientIp ?? null, lastSeen: i.lastSeen }));
    return { instances };
  });
}
