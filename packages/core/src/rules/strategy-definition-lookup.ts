/** Reading strategy definitions: the built-ins (with their stored deprecation) and the custom ones. */
import { notFound } from '../base/errors';
import type { ReadTx } from '../base/storage';
import { BUILT_IN_STRATEGY_DEFINITIONS, builtInDefinition } from '../base/strategy-definitions';
import { builtInDocument, customDocument, type StrategyDefinitionDocument } from '../documents/strategy-definition-document';

/** The definition named `name`, or undefined (a legacy built-in such as `userWithId` has none, as in Unleash 8.2). */
export async function findStrategyDefinition(tx: ReadTx, name: string): Promise<StrategyDefinitionDocument | undefined> {
  const record = await tx.get('strategyDefinitions', name);
  const builtIn = builtInDefinition(name);
  if (builtIn) return builtInDocument(builtIn, record?.deprecated ?? false);
  return record ? customDocument(record) : undefined;
}

/** The definition named `name`, or 404 as Unleash words it. */
export async function strategyDefinitionOr404(tx: ReadTx, name: string): Promise<StrategyDefinitionDocument> {
  const found = await findStrategyDefinition(tx, name);
  if (!found) throw notFound(`Could not find strategy with name ${name}.`);
  return found;
}

/** Every definition: the built-ins in Unleash's order, then the custom ones by name. */
export async function listStrategyDefinitions(tx: ReadTx): Promise<StrategyDefinitionDocument[]> {
  const stored = new Map((await tx.list('strategyDefinitions')).map((r) => [r.name, r]));
  const builtIns = BUILT_IN_STRATEGY_DEFINITIONS.map((d) => builtInDocument(d, stored.get(d.name)?.deprecated ?? false));
  const custom = [...stored.values()].filter((r) => !builtInDefinition(r.name)).map(customDocument);
  return [...builtIns, ...custom];
}
