import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { outdatedSdkUsers } from '../base/sdk-versions';
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
    const sdks = outdatedSdkUsers(await tx.list('clientApps', { project: input.projectId }));
    return { sdks };
  });
}
