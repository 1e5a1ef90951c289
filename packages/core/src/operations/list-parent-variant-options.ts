import { requireAdminKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { visibleProject } from '../runtime/lookups';

/**
 * `GET /api/admin/projects/:projectId/features/:parent/parent-variants` (Unleash's
 * `listParentVariantOptions`): the variant names a dependency on the parent may name: those of its
 * strategies and of its environments, distinct and sorted. An unknown parent has none.
 */
export async function listParentVariantOptions(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId: string; parent: string },
): Promise<string[]> {
  requireAdminKey(principal);
  return ctx.read(async (tx) => {
    await visibleProject(tx, principal, input.projectId);
    const parent = await tx.get('features', input.parent);
    if (parent?.project !== input.projectId) return [];
    const names = new Set<string>();
    for (const env of parent.environments) {
      for (const v of env.variants) names.add(v.name);
      for (const s of env.strategies) for (const v of s.variants) names.add(v.name);
    }
    return [...names].sort();
  });
}
