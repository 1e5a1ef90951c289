import type { Principal } from '../base/auth';
import { jsonEqual } from '../base/json';
import { customDocument } from '../documents/strategy-definition-document';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { requireStrategyWrite } from '../rules/strategy-definition-access';
import { updateDefinitionBody } from '../rules/strategy-definition-input';
import { strategyDefinitionOr404 } from '../rules/strategy-definition-lookup';
import { definitionRecord, requireEditable } from '../writes/strategy-definition-write';

/**
 * `PUT /api/admin/strategies/:name` (updateStrategy): a custom strategy's parameters, and its title and
 * description when the body gives them (left out: kept, as Unleash). The name is the path's; a body's
 * `name` is ignored, as Unleash does. A built-in is a 403. Event: `strategy-updated`; none when nothing changed.
 */
export async function updateStrategyDefinition(
  ctx: AdminContext,
  principal: Principal,
  input: { name: string; body: unknown },
): Promise<null> {
  requireStrategyWrite(principal, 'UPDATE_STRATEGY');
  const fields = updateDefinitionBody(input.body);
  return ctx.write(async (tx) => {
    const scope = { tx, ctx, principal };
    const definition = await strategyDefinitionOr404(tx, input.name);
    requireEditable(definition, 'changed');
    const before = await definitionRecord(scope, definition);
    const after = {
      ...before,
      parameters: fields.parameters,
      ...(fields.title === undefined ? {} : { title: fields.title }),
      ...(fields.description === undefined ? {} : { description: fields.description }),
    };
    if (jsonEqual(after, before)) return null;
    await tx.put('strategyDefinitions', after);
    await emit(tx, ctx, principal, [{ type: 'strategy-updated', data: customDocument(after), preData: customDocument(before) }]);
    return null;
  });
}
