import type { Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import { customDocument, type StrategyDefinitionDocument } from '../documents/strategy-definition-document';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { requireStrategyWrite } from '../rules/strategy-definition-access';
import { createDefinitionBody } from '../rules/strategy-definition-input';
import { findStrategyDefinition } from '../rules/strategy-definition-lookup';
import { BUILT_IN_STRATEGIES } from '../rules/strategy-parameters';

/**
 * `POST /api/admin/strategies` (createStrategy): a custom strategy `{name, title?, description?,
 * parameters: [{name, type, description?, required?}]}`. A name taken (by a definition or a legacy
 * built-in such as `userWithId`) is a 409. Event: `strategy-created`.
 */
export async function createStrategyDefinition(
  ctx: AdminContext,
  principal: Principal,
  input: { body: unknown },
): Promise<StrategyDefinitionDocument> {
  requireStrategyWrite(principal, 'CREATE_STRATEGY');
  const fields = createDefinitionBody(input.body);
  return ctx.write(async (tx) => {
    if (BUILT_IN_STRATEGIES.has(fields.name) || (await findStrategyDefinition(tx, fields.name))) {
      throw new AdminError('NameExistsError', `Strategy with name ${fields.name} already exists.`);
    }
    const record = {
      name: fields.name,
      title: fields.title ?? null,
      description: fields.description ?? null,
      parameters: fields.parameters,
      editable: true,
      deprecated: false,
      sortOrder: 9999,
      createdAt: ctx.now().toISOString(),
    };
    await tx.put('strategyDefinitions', record);
    const document = customDocument(record);
    await emit(tx, ctx, principal, [{ type: 'strategy-created', data: document, preData: null }]);
    return document;
  });
}
