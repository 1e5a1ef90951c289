import { canSeeProject, requireAdminKey, seesAllProjects, type Principal } from '../base/auth';
import { outdatedSdkUsers } from '../base/sdk-versions';
import type { AdminContext } from '../runtime/context';
import type { OutdatedSdksResponse } from './list-outdated-sdks';

/**
 * `GET /api/admin/metrics/sdks/outdated` (`getOutdatedSdks`): the outdated SDK versions every
 * application runs (a key of some projects: the applications that reported usage for one of them), each
 * with the applications running it.
 */
export async function getOutdatedSdks(ctx: AdminContext, principal: Principal): Promise<OutdatedSdksResponse> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const apps = await tx.list('clientApps');
    const visible = seesAllProjects(principal) ? apps : apps.filter((a) => a.projects.some((p) => canSeeProject(principal, p)));
    return { sdks: outdatedSdkUsers(visible) };
  });
}
