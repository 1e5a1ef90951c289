import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { requireStrategyWrite } from '../rules/strategy-definition-access';
import { setDeprecated } from '../writes/strategy-definition-write';

/** `POST /api/admin/strategies/:strategyName/reactivate` (reactivateStrategy). Event: `strategy-reactivated`; none when not deprecated. */
export async function reactivateStrategyDefinition(ctx: AdminContext, principal: Principal, input: { name: string }): Promise<null> {
  requireStrategyWrite(principal, 'UPDATE_STRATEGY');
  return ctx.write((tx) => setDeprecated({ tx, ctx, principal }, input.name, false));
}
