/**
 * Finding a context field for a request: through `/api/admin/context` (a project's field only when the
 * key sees the project) or `/api/admin/projects/:projectId/context` (the project seen by the key; reads
 * find its fields and the instance's, writes its own fields only, as Unleash). Anything else is a 404.
 */
import { canSeeProject, type Principal } from '../base/auth';
import { notFound } from '../base/errors';
import type { ContextFieldRecord } from '../base/vocabulary-records';
import type { ReadTx } from '../base/storage';
import { visibleProject } from '../runtime/lookups';

/** Where a request comes from: the instance route, or a project's (`projectId`). */
export interface ContextFieldScope {
  projectId?: string;
}

export async function contextFieldFor(
  tx: ReadTx,
  principal: Principal,
  scope: ContextFieldScope,
  name: string,
  use: 'read' | 'write',
): Promise<ContextFieldRecord> {
  const { projectId } = scope;
  if (projectId !== undefined) await visibleProject(tx, principal, projectId);
  const field = await tx.get('contextFields', name);
  const found =
    field !== undefined &&
    (projectId === undefined
      ? field.project === null || canSeeProject(principal, field.project)
      : field.project === projectId || (use === 'read' && field.project === null));
  if (!found)
    throw notFound(
      projectId === undefined
        ? `Could not find context field "${name}".`
        : `Could not find context field "${name}" in project "${projectId}".`,
    );
  return field;
}
