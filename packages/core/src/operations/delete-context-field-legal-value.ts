import type { Principal } from '../base/auth';
import { requireContextFieldWrite } from '../rules/context-field-access';
import { contextFieldFor, type ContextFieldScope } from '../rules/context-field-lookup';
import type { AdminContext } from '../runtime/context';
import { writeContextField } from '../writes/context-field-write';

/**
 * `DELETE /api/admin/context/:contextField/legal-values/:legalValue` (and a project's): 200, no body; a
 * value that is not there changes nothing (as Unleash). Constraints using the value are kept as they are
 * (as Unleash); their next edit must drop it. Event: `context-field-updated`.
 */
export async function deleteContextFieldLegalValue(
  ctx: AdminContext,
  principal: Principal,
  input: ContextFieldScope & { name: string; value: string },
): Promise<null> {
  requireContextFieldWrite(principal, input.projectId ?? null, 'UPDATE_CONTEXT_FIELD');
  return ctx.write(async (tx) => {
    const before = await contextFieldFor(tx, principal, input, input.name, 'write');
    requireContextFieldWrite(principal, before.project, 'UPDATE_CONTEXT_FIELD');
    const legalValues = before.legalValues.filter((v) => v.value !== input.value);
    await writeContextField(tx, ctx, principal, before, { ...before, legalValues });
    return null;
  });
}
