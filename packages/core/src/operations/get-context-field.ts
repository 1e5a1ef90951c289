import { requireAdminKey, type Principal } from '../base/auth';
import { contextFieldDocument, type ContextFieldDocument } from '../documents/context-field-document';
import { contextFieldFor, type ContextFieldScope } from '../rules/context-field-lookup';
import type { AdminContext } from '../runtime/context';

/** `GET /api/admin/context/:contextField` and `GET /api/admin/projects/:projectId/context/:contextField`. */
export async function getContextField(
  ctx: AdminContext,
  principal: Principal,
  input: ContextFieldScope & { name: string },
): Promise<ContextFieldDocument> {
  requireAdminKey(principal);
  return contextFieldDocument(await ctx.read((tx) => contextFieldFor(tx, principal, input, input.name, 'read')));
}
