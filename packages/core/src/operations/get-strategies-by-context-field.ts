import { canSeeProject, requireAdminKey, type Principal } from '../base/auth';
import { featuresFor, strategiesUsing, type ContextFieldStrategyUse } from '../rules/context-field-usage';
import type { AdminContext } from '../runtime/context';
import { visibleProject } from '../runtime/lookups';

/**
 * `GET /api/admin/context/:contextField/strategies`: the strategies of live features using the field, of
 * the projects the key sees; `GET /api/admin/projects/:projectId/context/:contextField/strategies`: of that
 * project. An unknown field has none (as Unleash).
 */
export async function getStrategiesByContextField(
  ctx: AdminContext,
  principal: Principal,
  input: { projectId?: string; name: string },
): Promise<{ strategies: ContextFieldStrategyUse[] }> {
  requireAdminKey(principal);
  const { projectId } = input;
  const uses = await ctx.read(async (tx) => {
    if (projectId !== undefined) await visibleProject(tx, principal, projectId);
    return strategiesUsing(await featuresFor(tx, projectId ?? null), input.name);
  });
  return { strategies: uses.filter((u) => canSeeProject(principal, u.projectId)) };
}
