/**
 * An Unleash context as the frontend API, OFREP and the playground receive it, checked and made into
 * the engine's context: the six standard fields at the root, every other field a property (as Unleash's
 * frontend API moves them), properties in a null-prototype map, at most `contextProperties` of them.
 * Anything else is a 400 naming the field: nothing of a malformed context is evaluated.
 */
import type { EvaluationContext } from '@flagadmin/evaluation';
import { badData } from '../base/errors';
import { limitExceeded, type Limits } from '../base/limits';

/** The fields a context holds at its root; any other field is a property. */
export const ROOT_FIELDS = ['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'] as const;
type RootField = (typeof ROOT_FIELDS)[number];
const isRootField = (name: string): name is RootField => (ROOT_FIELDS as readonly string[]).includes(name);

/** A checked context: the engine's context and a text naming it exactly (equal texts, equal contexts). */
export interface SdkContext {
  context: EvaluationContext & { properties: Record<string, string> };
  key: string;
}

/** How a context is read where Unleash differs by route: OFREP's `targetingKey`, values that are not text. */
export interface ContextRules {
  /** What the context is called in messages: `context`, `evaluation context`. */
  what: string;
  /** OpenFeature's `targetingKey` is Unleash's `userId` (unless `userId` is given too). */
  targetingKey?: boolean;
  /** Numbers and booleans are taken as their text (OpenFeature contexts carry them); otherwise a 400. */
  primitivesAsText?: boolean;
}

const FRONTEND_RULES: ContextRules = { what: 'context' };

/** A context from a JSON body's `context` (absent: empty). */
export function contextFromBody(value: unknown, limits: Limits, rules: ContextRules = FRONTEND_RULES): SdkContext {
  if (value === undefined || value === null) return finish({}, Object.create(null), rules);
  if (typeof value !== 'object' || Array.isArray(value)) throw malformed(rules, '', 'must be an object');
  const root: Partial<Record<RootField, string>> = {};
  const properties: Record<string, string> = Object.create(null);
  let targetingKey: string | undefined;
  for (const [name, field] of Object.entries(value)) {
    if (name === 'properties') {
      if (field === undefined || field === null) continue;
      if (typeof field !== 'object' || Array.isArray(field)) throw malformed(rules, '/properties', 'must be an object of texts');
      for (const [property, text] of Object.entries(field))
        addProperty(properties, property, text, `/properties/${property}`, limits, rules);
    } else if (rules.targetingKey && name === 'targetingKey') {
      targetingKey = asText(field, '/targetingKey', rules);
    } else if (isRootField(name)) {
      const text = asText(field, `/${name}`, rules);
      if (text) root[name] = text;
    } else addProperty(properties, name, field, `/${name}`, limits, rules);
  }
  if (targetingKey && !root.userId) root.userId = targetingKey;
  return finish(root, properties, rules);
}

/**
 * A context from query parameters (`GET /api/frontend`): `userId=…`, `properties[plan]=pro`, and any
 * other parameter as a property, as Unleash reads them. A parameter given twice is a 400.
 */
export function contextFromQuery(query: URLSearchParams, limits: Limits): SdkContext {
  const root: Partial<Record<RootField, string>> = {};
  const properties: Record<string, string> = Object.create(null);
  const seen = new Set<string>();
  for (const [name, text] of query) {
    if (seen.has(name)) throw malformed(FRONTEND_RULES, `/${name}`, 'is given more than once');
    seen.add(name);
    if (isRootField(name)) {
      if (text) root[name] = text;
    } else if (name.startsWith('properties[')) {
      const property = /^properties\[([^[\]]+)\]$/.exec(name)?.[1];
      if (property === undefined) throw malformed(FRONTEND_RULES, `/${name}`, 'is not properties[<name>]');
      addProperty(properties, property, text, `/properties/${property}`, limits, FRONTEND_RULES);
    } else if (name === 'properties') throw malformed(FRONTEND_RULES, '/properties', 'must be given as properties[<name>]=<value>');
    else addProperty(properties, name, text, `/${name}`, limits, FRONTEND_RULES);
  }
  return finish(root, properties, FRONTEND_RULES);
}

function asText(value: unknown, path: string, rules: ContextRules): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (rules.primitivesAsText && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
  throw malformed(rules, path, 'must be a text');
}

function addProperty(
  properties: Record<string, string>,
  name: string,
  value: unknown,
  path: string,
  limits: Limits,
  rules: ContextRules,
): void {
  const text = asText(value, path, rules);
  if (text === undefined) return;
  if (!Object.hasOwn(properties, name) && Object.keys(properties).length >= limits.contextProperties) {
    throw limitExceeded('contextProperties', limits.contextProperties, `Too many properties in the ${rules.what}`, '/properties');
  }
  properties[name] = text;
}

function finish(root: Partial<Record<RootField, string>>, properties: Record<string, string>, rules: ContextRules): SdkContext {
  if (root.currentTime !== undefined && Number.isNaN(Date.parse(root.currentTime))) {
    throw malformed(rules, '/currentTime', 'must be a date-time (ISO 8601)');
  }
  const context: SdkContext['context'] = { ...root, properties };
  const names = Object.keys(properties).sort();
  const key = JSON.stringify([ROOT_FIELDS.map((f) => root[f] ?? null), names, names.map((n) => properties[n])]);
  return { context, key };
}

function malformed(rules: ContextRules, path: string, problem: string) {
  const message = `The ${rules.what} is invalid: ${path || '/'} ${problem}.`;
  return badData(message, [{ message, path: path || '/' }]);
}

/**
 * The caller's address, the frontend API's default `remoteAddress`: the first `X-Forwarded-For` entry
 * (Unleash trusts the proxy header, and a caller may set `remoteAddress` itself anyway), else the
 * socket's peer as the host saw it; an IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`) as IPv4.
 */
export function callerAddress(forwardedFor: string | null, peer: string | undefined): string | undefined {
  const forwarded = forwardedFor?.split(',')[0]?.trim();
  const address = forwarded || peer;
  if (!address) return undefined;
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
}
