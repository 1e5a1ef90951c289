/** A strategy definition as the admin API answers it (Unleash's strategySchema): built-in or custom. */
import type { StrategyDefinitionRecord, StrategyParameterDefinition } from '../base/vocabulary-records';
import type { BuiltInStrategyDefinition } from '../base/strategy-definitions';

export interface StrategyDefinitionDocument {
  name: string;
  /** A built-in's name for people (`Gradual rollout`); null for custom ones, which have `title`. */
  displayName: string | null;
  title: string | null;
  description: string | null;
  /** False for the built-ins. */
  editable: boolean;
  deprecated: boolean;
  parameters: StrategyParameterDefinition[];
}

const copyParameters = (parameters: readonly StrategyParameterDefinition[]) => parameters.map((p) => ({ ...p }));

/** A built-in, deprecated when its record says so. */
export const builtInDocument = (definition: BuiltInStrategyDefinition, deprecated: boolean): StrategyDefinitionDocument => ({
  name: definition.name,
  displayName: definition.displayName,
  title: null,
  description: definition.description,
  editable: false,
  deprecated,
  parameters: copyParameters(definition.parameters),
});

export const customDocument = (record: StrategyDefinitionRecord): StrategyDefinitionDocument => ({
  name: record.name,
  displayName: null,
  title: record.title,
  description: record.description,
  editable: true,
  deprecated: record.deprecated,
  parameters: copyParameters(record.parameters),
});
