import { AdminError, badData } from '../base/errors';
import type { Principal } from '../base/auth';
import { requireContextFieldWrite } from '../rules/context-field-access';
import type { AdminContext } from '../runtime/context';
import { visibleProject } from '../runtime/lookups';
import { NAME_PATTERN } from '../schemas/primitives';
import { assertValid } from '../schemas/validation';

const VALID_NAME = new RegExp(NAME_PATTERN);

/**
 * `POST /api/admin/context/validate` `{name}` (and a project's): 200, no body, when a field could be created
 * with the name; 400 when the name is not URL-safe (1 to 100 characters), 409 NameExistsError when taken
 * (names are unique over the instance).
 */
export async function validateContextFieldName(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId?: string; body: unknown },
): Promise<null> {
  requireContextFieldWrite(principal, input.projectId ?? null, 'UPDATE_CONTEXT_FIELD');
  assertValid<{ name: string }>('contextFieldNameBody', input.body, 'context field name');
  const { name } = input.body;
  if (!VALID_NAME.test(name)) {
    const message = `"${name}" cannot be a context field name: 1 to 100 URL-safe characters (letters, digits, - . _ ~ ! * ' ( )).`;
    throw badData(message, [{ message, path: '/name' }]);
  }
  await ctx.read(async (tx) => {
    if (input.projectId !== undefined) await visibleProject(tx, principal, input.projectId);
    if (await tx.get('contextFields', name)) throw new AdminError('NameExistsError', `A context field named "${name}" already exists.`);
  });
  return null;
}
