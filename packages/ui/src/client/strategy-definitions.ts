// The strategy definition calls of the page (/api/admin/strategies), and the definitions the strategy
// form offers: the built-ins it knows (flag-config.ts) and the custom ones, deprecated ones left out.
import { useEffect, useState } from 'preact/hooks';
import { api, seg } from './api';
import type { ParameterField, StrategyKind } from './flag-config';

export const PARAMETER_TYPES = ['string', 'percentage', 'list', 'number', 'boolean'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export interface ParameterDefinition {
  name: string;
  type: ParameterType;
  description: string;
  required: boolean;
}

/** A strategy definition as the API answers it. */
export interface StrategyDefinition {
  name: string;
  displayName: string | null;
  title: string | null;
  description: string | null;
  editable: boolean;
  deprecated: boolean;
  parameters: ParameterDefinition[];
}

export interface DefinitionBody {
  title: string | null;
  description: string | null;
  parameters: ParameterDefinition[];
}

const STRATEGIES = '/api/admin/strategies';
const one = (name: string) => `${STRATEGIES}/${seg(name)}`;

export const listStrategyDefinitions = async (): Promise<StrategyDefinition[]> =>
  (await api<{ strategies: StrategyDefinition[] }>(STRATEGIES)).data.strategies;

export async function createStrategyDefinition(body: DefinitionBody & { name: string }): Promise<void> {
  await api(STRATEGIES, { method: 'POST', body });
}

export async function updateStrategyDefinition(name: string, body: DefinitionBody): Promise<void> {
  await api(one(name), { method: 'PUT', body });
}

export async function setDeprecated(name: string, deprecated: boolean): Promise<void> {
  await api(`${one(name)}/${deprecated ? 'deprecate' : 'reactivate'}`, { method: 'POST' });
}

export async function deleteStrategyDefinition(name: string): Promise<void> {
  await api(one(name), { method: 'DELETE' });
}

const FIELD_KINDS: Record<ParameterType, ParameterField['kind']> = {
  string: 'text',
  percentage: 'percent',
  list: 'list',
  number: 'number',
  boolean: 'boolean',
};

/** A custom definition as a kind of the strategy form: one input per parameter, by its type. */
export const customKind = (d: StrategyDefinition): StrategyKind => ({
  name: d.name,
  label: d.title || d.name,
  parameters: d.parameters.map((p) => ({
    name: p.name,
    label: p.description ? `${p.name}: ${p.description}` : p.name,
    kind: FIELD_KINDS[p.type] ?? 'text',
    required: p.required,
  })),
});

let loaded: Promise<StrategyDefinition[]> | undefined;

/** Forget the loaded definitions (after the strategies screen changed them). */
export const forgetStrategyDefinitions = (): void => {
  loaded = undefined;
};

/** The definitions, loaded once while the page is open; none until then or when the key may not read them. */
export function useStrategyDefinitions(): StrategyDefinition[] {
  const [definitions, setDefinitions] = useState<StrategyDefinition[]>([]);
  useEffect(() => {
    let current = true;
    if (!loaded) {
      loaded = listStrategyDefinitions();
      loaded.catch(() => forgetStrategyDefinitions());
    }
    loaded.then(
      (data) => current && setDefinitions(data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return definitions;
}
