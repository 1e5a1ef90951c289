import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { isOutdatedSdk } from '../base/sdk-versions';
import { visibleProject } from '../runtime/lookups';

export interface OutdatedSdksResponse {
  sdks: { sdkVersion: string; applications: string[] }[];
}

/**
 * Outdated SDK versions used by the applications of a project (those that reported usage metrics for
 * one of its features), each with the applications using it; 404 for an unknown project.
 */
export async function listOutdatedSdks(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string },
): Promise<OutdatedSdksResponse> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const apps = await tx.list('clientApps', { project: input.projectId });
    const users = new Map<string, Set<string>>();
    for (const app of apps) {
      for (const instance of app.instances) {
        if (!instance.sdkVersion || !isOutdatedSdk(instance.sdkVersion)) continue;
        let names = users.get(instance.sdkVersion);
        if (!names) users.set(instance.sdkVersion, (names = new Set()));
        names.add(app.appName);
      }
    }
    const sdks = [...users.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([sdkVersion, names]) => ({ sdkVersion, applications: [...names].sort() }));
    return { sdks };
  });
}
