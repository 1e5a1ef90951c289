import { AdminError } from '../base/errors';
import type { Principal } from '../base/auth';
import type { ContextFieldRecord } from '../base/vocabulary-records';
import { contextFieldDocument, type ContextFieldDocument } from '../documents/context-field-document';
import { requireContextFieldWrite } from '../rules/context-field-access';
import { legalValuesOf, parseCreateBody, projectOfNewField } from '../rules/context-field-input';
import type { AdminContext } from '../runtime/context';
import { visibleProject } from '../runtime/lookups';
import { writeContextField } from '../writes/context-field-write';

/**
 * `POST /api/admin/context` `{name, description?, legalValues?, stickiness?, sortOrder?, project?}` (201),
 * and `POST /api/admin/projects/:projectId/context` (a field of that project). Names are unique over the
 * instance (409 NameExistsError). Event: `context-field-created`.
 */
export async function createContextField(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId?: string; body: unknown },
): Promise<ContextFieldDocument> {
  requireContextFieldWrite(principal, input.projectId ?? null, 'CREATE_CONTEXT_FIELD');
  const body = parseCreateBody(input.body);
  if (input.projectId === undefined) requireContextFieldWrite(principal, body.project ?? null, 'CREATE_CONTEXT_FIELD');
  const legalValues = legalValuesOf(body.legalValues);
  return ctx.write(async (tx) => {
    if (input.projectId !== undefined) await visibleProject(tx, principal, input.projectId);
    const project = await projectOfNewField(tx, body, input.projectId);
    if (await tx.get('contextFields', body.name))
      throw new AdminError('NameExistsError', `A context field named "${body.name}" already exists.`);
    const field: ContextFieldRecord = {
      name: body.name,
      description: body.description ?? '',
      legalValues,
      stickiness: body.stickiness ?? false,
      sortOrder: body.sortOrder ?? 0,
      project,
      createdAt: ctx.now().toISOString(),
    };
    await writeContextField(tx, ctx, principal, undefined, field);
    return contextFieldDocument(field);
  });
}
