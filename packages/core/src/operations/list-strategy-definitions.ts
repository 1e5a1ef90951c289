import { requireAdminKey, type Principal } from '../base/auth';
import type { StrategyDefinitionDocument } from '../documents/strategy-definition-document';
import type { AdminContext } from '../runtime/context';
import { listStrategyDefinitions as readAll } from '../rules/strategy-definition-lookup';

/** `GET /api/admin/strategies` (getAllStrategies): the built-ins as Unleash 8.2.0 lists them, then the custom ones. */
export async function listStrategyDefinitions(
  ctx: AdminContext,
  principal: Principal,
): Promise<{ version: 1; strategies: StrategyDefinitionDocument[] }> {
  requireAdminKey(principal);
  return { version: 1, strategies: await ctx.read(readAll) };
}
