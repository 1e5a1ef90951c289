import { requireAdminKey, type Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import { applicationDocument, type ApplicationDocument } from '../documents/application-document';
import type { AdminContext } from '../runtime/context';

/** `GET /api/admin/metrics/applications/:appName` (`getApplication`): one application, else 404. */
export async function getApplication(ctx: AdminContext, principal: Principal, input: { appName: string }): Promise<ApplicationDocument> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    const app = await tx.get('clientApps', input.appName);
    if (!app) throw new AdminError('NotFoundError', `Could not find application with appName ${input.appName}`);
    return applicationDocument(app, principal);
  });
}
