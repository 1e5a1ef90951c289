import { requireAdminKey, type Principal } from '../base/auth';
import type { StrategyDefinitionDocument } from '../documents/strategy-definition-document';
import type { AdminContext } from '../runtime/context';
import { strategyDefinitionOr404 } from '../rules/strategy-definition-lookup';

/** `GET /api/admin/strategies/:name` (getStrategy): one definition, or 404. */
export async function getStrategyDefinition(
  ctx: AdminContext,
  principal: Principal,
  input: { name: string },
): Promise<StrategyDefinitionDocument> {
  requireAdminKey(principal);
  return ctx.read((tx) => strategyDefinitionOr404(tx, input.name));
}
