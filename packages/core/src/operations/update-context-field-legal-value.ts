import type { Principal } from '../base/auth';
import { badData } from '../base/errors';
import { requireContextFieldWrite } from '../rules/context-field-access';
import { legalValueOf } from '../rules/context-field-input';
import { contextFieldFor, type ContextFieldScope } from '../rules/context-field-lookup';
import type { AdminContext } from '../runtime/context';
import { LEGAL_VALUES_PER_FIELD } from '../schemas/context-field';
import { assertValid } from '../schemas/validation';
import { writeContextField } from '../writes/context-field-write';

/**
 * `POST /api/admin/context/:contextField/legal-values` `{value, description?}` (and a project's): adds the
 * value, or changes the description of the one there (200, no body). Event: `context-field-updated`.
 */
export async function updateContextFieldLegalValue(
  ctx: AdminContext,
  principal: Principal,
  input: ContextFieldScope & { name: string; body: unknown },
): Promise<null> {
  requireContextFieldWrite(principal, input.projectId ?? null, 'UPDATE_CONTEXT_FIELD');
  assertValid<{ value: string; description?: string | null }>('legalValue', input.body, 'legal value');
  const value = legalValueOf(input.body);
  return ctx.write(async (tx) => {
    const before = await contextFieldFor(tx, principal, input, input.name, 'write');
    requireContextFieldWrite(principal, before.project, 'UPDATE_CONTEXT_FIELD');
    const at = before.legalValues.findIndex((v) => v.value === value.value);
    const legalValues = at === -1 ? [...before.legalValues, value] : before.legalValues.map((v, i) => (i === at ? value : v));
    if (legalValues.length > LEGAL_VALUES_PER_FIELD) {
      const message = `Too many legal values for "${before.name}": at most ${LEGAL_VALUES_PER_FIELD}.`;
      throw badData(message, [{ message, path: '/value' }]);
    }
    await writeContextField(tx, ctx, principal, before, { ...before, legalValues });
    return null;
  });
}
