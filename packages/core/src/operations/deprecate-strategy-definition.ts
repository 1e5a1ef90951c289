import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import { requireStrategyWrite } from '../rules/strategy-definition-access';
import { setDeprecated } from '../writes/strategy-definition-write';

/**
 * `POST /api/admin/strategies/:strategyName/deprecate` (deprecateStrategy): flag strategies using it
 * stay, but it cannot be added anew. Built-ins too, as Unleash. Event: `strategy-deprecated`; none when already so.
 */
export async function deprecateStrategyDefinition(ctx: AdminContext, principal: Principal, input: { name: string }): Promise<null> {
  requireStrategyWrite(principal, 'UPDATE_STRATEGY');
  return ctx.write((tx) => setDeprecated({ tx, ctx, principal }, input.name, true));
}
