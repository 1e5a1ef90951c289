/**
 * Every write of a strategy definition: the record stored and its event (Unleash's `strategy-*` types,
 * instance events) in one transaction. Built-ins cannot be changed or removed, only deprecated.
 */
import type { Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import type { StrategyDefinitionRecord } from '../base/vocabulary-records';
import type { WriteTx } from '../base/storage';
import { builtInDefinition } from '../base/strategy-definitions';
import type { StrategyDefinitionDocument } from '../documents/strategy-definition-document';
import type { AdminContext } from '../runtime/context';
import { emit } from '../runtime/emit';
import { strategyDefinitionOr404 } from '../rules/strategy-definition-lookup';

export interface DefinitionWriteScope {
  tx: WriteTx;
  ctx: AdminContext;
  principal: Principal;
}

/** 403 for a built-in (Unleash refuses them too, with a 500). */
export function requireEditable(definition: StrategyDefinitionDocument, verb: 'changed' | 'removed'): void {
  if (!definition.editable) {
    throw new AdminError('OperationDeniedError', `Strategy ${definition.name} is built in: it cannot be ${verb}.`);
  }
}

/** The stored record of a definition (a built-in's keeps only its deprecation), for a put. */
export async function definitionRecord(
  scope: DefinitionWriteScope,
  definition: StrategyDefinitionDocument,
): Promise<StrategyDefinitionRecord> {
  const stored = await scope.tx.get('strategyDefinitions', definition.name);
  if (stored) return stored;
  return {
    name: definition.name,
    title: null,
    description: null,
    parameters: [],
    editable: false,
    deprecated: false,
    sortOrder: 0,
    createdAt: scope.ctx.now().toISOString(),
  };
}

/** Deprecates or reactivates a definition (built-ins too); no event when it already is so. */
export async function setDeprecated(scope: DefinitionWriteScope, name: string, deprecated: boolean): Promise<null> {
  const definition = await strategyDefinitionOr404(scope.tx, name);
  if (definition.deprecated === deprecated) return null;
  const record = await definitionRecord(scope, definition);
  await scope.tx.put('strategyDefinitions', { ...record, editable: builtInDefinition(name) === undefined, deprecated });
  await emit(scope.tx, scope.ctx, scope.principal, [
    { type: deprecated ? 'strategy-deprecated' : 'strategy-reactivated', data: { name }, preData: null },
  ]);
  return null;
}
