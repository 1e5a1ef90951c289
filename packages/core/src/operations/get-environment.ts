import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { environmentDocument, type EnvironmentDocument } from '../documents/environment-document';
import { environmentNamed } from '../runtime/environment-lookup';

/** One environment; 404 when there is none of that name. */
export async function getEnvironment(ctx: AdminContext, principal: Principal, input: { name: string }): Promise<EnvironmentDocument> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => environmentDocument(await environmentNamed(tx, input.name)));
}
