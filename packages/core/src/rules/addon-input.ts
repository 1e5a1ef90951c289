/**
 * An integration's body checked against its provider (Unleash 8.2.0's addon service rules: a known provider,
 * its required parameters present, a URL parameter an http(s) URL) plus ours (custom headers a JSON object of
 * strings), and answers with the provider's secret parameters masked.
 */
import { MASKED_VALUE, addonProvider, isSecretParameter, type AddonProviderDefinition } from '../base/addon-providers';
import { badData } from '../base/errors';
import type { AddonRecord } from '../base/vocabulary-records';

/** The body of createAddon and updateAddon, once the schema holds. */
export interface AddonBody {
  provider: string;
  description?: string | null;
  enabled?: boolean;
  parameters?: Record<string, string | number | boolean>;
  events?: string[];
  projects?: string[];
  environments?: string[];
}

/** Unleash's 400 (its ValidationError), naming what is wrong. */
const invalid = (message: string, path: string) => badData(message, [{ message, path }]);

export function requireProvider(body: AddonBody): AddonProviderDefinition {
  const provider = addonProvider(body.provider);
  if (!provider) throw invalid(`Unknown addon provider ${body.provider}`, '/provider');
  return provider;
}

/** The parameters to store: masked values sent back keep the stored secret; every rule checked. */
export function addonParameters(
  provider: AddonProviderDefinition,
  sent: Record<string, string | number | boolean>,
  stored: Record<string, unknown> = {},
): Record<string, unknown> {
  const parameters: Record<string, unknown> = Object.create(null);
  /** Values kept from the stored record: checked when they were stored, and sealed when secret. */
  const kept = new Set<string>();
  for (const [key, value] of Object.entries(sent)) {
    if (value === MASKED_VALUE && Object.hasOwn(stored, key)) kept.add(key);
    parameters[key] = kept.has(key) ? stored[key] : value;
  }
  const missing = provider.parameters.filter((p) => p.required && !Object.hasOwn(parameters, p.name)).map((p) => p.name);
  if (missing.length > 0) throw invalid(`Missing required parameters: ${missing.join(',')}`, '/parameters');
  for (const definition of provider.parameters) {
    if (!Object.hasOwn(parameters, definition.name) || kept.has(definition.name)) continue;
    const value = parameters[definition.name];
    if (definition.type === 'url' && !isHttpUrl(value)) {
      throw invalid(`The parameter ${definition.name} is not an http or https URL`, `/parameters/${definition.name}`);
    }
    if (definition.name === 'customHeaders' && value !== '' && parseCustomHeaders(value) === undefined) {
      throw invalid(
        'The parameter customHeaders is not a JSON object whose keys are header names and whose values are strings',
        '/parameters/customHeaders',
      );
    }
  }
  return { ...parameters };
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,100}$/;

/** The custom headers of a `customHeaders` parameter as pairs, or undefined when it is not a JSON object of strings. */
export function parseCustomHeaders(value: unknown): [string, string][] | undefined {
  if (typeof value !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const pairs = Object.entries(parsed);
  const valid = pairs.every(([k, v]) => HEADER_NAME.test(k) && typeof v === 'string' && !/[\r\n\0]/.test(v));
  return valid ? (pairs as [string, string][]) : undefined;
}

/** The record a create or update stores. */
export function addonRecord(
  body: AddonBody,
  provider: AddonProviderDefinition,
  base: { id: number; createdAt: string; parameters?: Record<string, unknown> },
): AddonRecord {
  return {
    id: base.id,
    provider: provider.name,
    description: body.description ?? null,
    enabled: body.enabled ?? true,
    parameters: addonParameters(provider, body.parameters ?? {}, base.parameters),
    events: body.events ?? [],
    projects: body.projects ?? [],
    environments: body.environments ?? [],
    createdAt: base.createdAt,
  };
}

/** An integration as answers show it: its provider's secret parameters as `*****`. */
export function maskedAddon(record: AddonRecord): AddonRecord {
  const parameters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record.parameters)) {
    const secret = isSecretParameter(record.provider, key);
    Object.defineProperty(parameters, key, { value: secret ? MASKED_VALUE : value, enumerable: true, writable: true, configurable: true });
  }
  return { ...record, parameters };
}

/** What an event says of an integration: everything but its parameters (as Unleash). */
export function addonEventData(record: AddonRecord): Omit<AddonRecord, 'parameters'> {
  const { parameters: _parameters, ...rest } = record;
  return rest;
}

/** An integration id of a path: a positive integer, or undefined (then no integration has it). */
export function addonId(text: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(text) ? Number(text) : undefined;
}
