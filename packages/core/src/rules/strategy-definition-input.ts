/** The body of a custom strategy definition (POST, PUT) checked and turned into what is stored. */
import { badData } from '../base/errors';
import type { StrategyParameterDefinition } from '../base/vocabulary-records';
import { assertValid } from '../schemas/validation';

interface ParameterInput {
  name: string;
  type: string;
  description?: string | null;
  required?: boolean;
}

export interface StrategyDefinitionBody {
  name?: string;
  title?: string | null;
  description?: string | null;
  parameters: ParameterInput[];
}

/** The checked fields of a definition; `title`/`description` undefined when the body leaves them out. */
export interface StrategyDefinitionFields {
  title: string | null | undefined;
  description: string | null | undefined;
  parameters: StrategyParameterDefinition[];
}

/** Parameters with their defaults filled in (no description: empty; not said required: optional); names unique. */
function parameterDefinitions(input: readonly ParameterInput[]): StrategyParameterDefinition[] {
  const seen = new Set<string>();
  return input.map((p, i) => {
    if (seen.has(p.name)) {
      const message = `Parameter "${p.name}" is defined twice.`;
      throw badData(message, [{ message, path: `/parameters/${i}/name` }]);
    }
    seen.add(p.name);
    return { name: p.name, type: p.type, description: p.description ?? '', required: p.required ?? false };
  });
}

export function createDefinitionBody(body: unknown): StrategyDefinitionFields & { name: string } {
  assertValid<StrategyDefinitionBody & { name: string }>('createStrategyDefinition', body, 'strategy definition');
  return { name: body.name, title: body.title, description: body.description, parameters: parameterDefinitions(body.parameters) };
}

export function updateDefinitionBody(body: unknown): StrategyDefinitionFields {
  assertValid<StrategyDefinitionBody>('updateStrategyDefinition', body, 'strategy definition');
  return { title: body.title, description: body.description, parameters: parameterDefinitions(body.parameters) };
}
