import { canSeeProject, requireAdminKey, type Principal } from '../base/auth';
import type { ContextFieldRecord } from '../base/vocabulary-records';
import { contextFieldDocument, type ContextFieldDocument } from '../documents/context-field-document';
import { strategiesUsing } from '../rules/context-field-usage';
import type { AdminContext } from '../runtime/context';
import { visibleProject } from '../runtime/lookups';

/**
 * `GET /api/admin/context` (the instance's fields; `?include=project` adds the fields of the projects the
 * key sees) and `GET /api/admin/projects/:projectId/context` (the project's fields; `?include=root` adds the
 * instance's), by name, each with how many live features and projects use it (as Unleash counts them:
 * strategies' constraints; ours also count a stickiness).
 */
export async function getContextFields(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId?: string; include?: string | null },
): Promise<ContextFieldDocument[]> {
  requireAdminKey(principal);
  const { projectId } = input;
  const include = (input.include ?? '').toLowerCase();
  return ctx.read(async (tx) => {
    if (projectId !== undefined) await visibleProject(tx, principal, projectId);
    const wanted = (field: ContextFieldRecord): boolean =>
      projectId !== undefined
        ? field.project === projectId || (include === 'root' && field.project === null)
        : field.project === null || (include === 'project' && canSeeProject(principal, field.project));
    const fields = (await tx.list('contextFields')).filter(wanted);
    if (fields.length === 0) return [];
    const features = projectId === undefined ? await tx.list('features') : await tx.list('features', { project: projectId });
    return fields.map((field) => {
      const uses = strategiesUsing(features, field.name);
      return contextFieldDocument(field, {
        features: new Set(uses.map((u) => u.featureName)).size,
        projects: new Set(uses.map((u) => u.projectId)).size,
      });
    });
  });
}
