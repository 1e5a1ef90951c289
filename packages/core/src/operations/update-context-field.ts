import type { Principal } from '../base/auth';
import { requireContextFieldWrite } from '../rules/context-field-access';
import { parseUpdateBody, updatedField } from '../rules/context-field-input';
import { contextFieldFor, type ContextFieldScope } from '../rules/context-field-lookup';
import type { AdminContext } from '../runtime/context';
import { writeContextField } from '../writes/context-field-write';

/**
 * `PUT /api/admin/context/:contextField` (and a project's): description, legal values, stickiness, sort
 * order, as `updatedField` says (200, no body). Event: `context-field-updated`, none when nothing changed.
 */
export async function updateContextField(
  ctx: AdminContext,
  principal: Principal,
  input: ContextFieldScope & { name: string; body: unknown },
): Promise<null> {
  requireContextFieldWrite(principal, input.projectId ?? null, 'UPDATE_CONTEXT_FIELD');
  const body = parseUpdateBody(input.body);
  return ctx.write(async (tx) => {
    const before = await contextFieldFor(tx, principal, input, input.name, 'write');
    requireContextFieldWrite(principal, before.project, 'UPDATE_CONTEXT_FIELD');
    await writeContextField(tx, ctx, principal, before, updatedField(before, body));
    return null;
  });
}
