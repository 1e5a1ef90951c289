import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { visibleProject } from '../runtime/lookups';

/**
 * `GET /api/admin/projects/:projectId/features/:child/parents` (Unleash's `listParentOptions`): the
 * features the child may depend on, by name: those of its project that are not archived, not the child
 * and depend on nothing themselves (one level, as Unleash). An unknown child has none.
 */
export async function listParentOptions(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; child: string },
): Promise<string[]> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const child = await tx.get('features', input.child);
    if (child?.project !== input.projectId) return [];
    const features = await tx.list('features', { project: input.projectId });
    return features.filter((f) => f.name !== child.name && !f.archived && f.dependencies.length === 0).map((f) => f.name);
  });
}
