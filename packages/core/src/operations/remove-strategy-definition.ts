import type { Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { requireStrategyWrite } from '../rules/strategy-definition-access';
import { strategyDefinitionOr404 } from '../rules/strategy-definition-lookup';
import { strategyDefinitionUses } from '../rules/strategy-definition-usage';
import { requireEditable } from '../writes/strategy-definition-write';

/**
 * `DELETE /api/admin/strategies/:name` (removeStrategy): a custom strategy no flag strategy uses
 * (archived features included); a used one is a 409 naming where, a built-in a 403. Event: `strategy-deleted`.
 */
export async function removeStrategyDefinition(ctx: AdminContext, principal: Principal, input: { name: string }): Promise<null> {
  requireStrategyWrite(principal, 'DELETE_STRATEGY');
  return ctx.write(async (tx) => {
    const definition = await strategyDefinitionOr404(tx, input.name);
    requireEditable(definition, 'removed');
    const uses = await strategyDefinitionUses(tx, input.name);
    if (uses.length) {
      const where = uses.map((u) => `${u.featureName}/${u.environment}/${u.strategyId}`).join(', ');
      throw new AdminError('ConflictError', `Strategy ${input.name} is used by flag strategies: ${where}.`);
    }
    await tx.delete('strategyDefinitions', input.name);
    await emit(tx, ctx, principal, [{ type: 'strategy-deleted', data: { name: input.name }, preData: definition }]);
    return null;
  });
}
