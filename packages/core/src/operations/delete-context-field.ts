import { AdminError } from '../base/errors';
import type { Principal } from '../base/auth';
import { requireContextFieldWrite } from '../rules/context-field-access';
import { contextFieldFor, type ContextFieldScope } from '../rules/context-field-lookup';
import { contextFieldUses } from '../rules/context-field-usage';
import { isBuiltinContextField } from '../runtime/builtin-context-fields';
import type { AdminContext } from '../runtime/context';
import { writeContextField } from '../writes/context-field-write';

/**
 * `DELETE /api/admin/context/:contextField` (and a project's): 200, no body. A built-in field is a 403
 * OperationDeniedError; a field that a live feature's strategy or variants or a segment uses is a 409
 * naming them (as Unleash's 409, which looks at constraints only). Event: `context-field-deleted`.
 */
export async function deleteContextField(
  ctx: AdminContext,
  principal: Principal,
  input: ContextFieldScope & { name: string },
): Promise<null> {
  requireContextFieldWrite(principal, input.projectId ?? null, 'DELETE_CONTEXT_FIELD');
  return ctx.write(async (tx) => {
    const field = await contextFieldFor(tx, principal, input, input.name, 'write');
    requireContextFieldWrite(principal, field.project, 'DELETE_CONTEXT_FIELD');
    if (isBuiltinContextField(field.name)) {
      throw new AdminError('OperationDeniedError', `"${field.name}" is a built-in context field: it cannot be deleted.`);
    }
    const uses = await contextFieldUses(tx, field.name, field.project);
    if (uses.length) {
      const shown = uses.slice(0, 10).join('; ') + (uses.length > 10 ? `; and ${uses.length - 10} more` : '');
      throw new AdminError('ConflictError', `Context field "${field.name}" is in use: ${shown}. Remove these uses first.`);
    }
    await writeContextField(tx, ctx, principal, field, undefined);
    return null;
  });
}
