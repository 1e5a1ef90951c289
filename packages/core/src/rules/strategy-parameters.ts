/**
 * The parameters of a flag strategy, checked against its strategy: Unleash's built-in strategies (and
 * the legacy ones it dropped, still accepted) by the rules here, a custom one by its definition.
 * Parameters are stored as strings, as Unleash stores them (numbers sent are kept as their string).
 */
import { badData } from '../base/errors';
import type { StrategyParameterDefinition } from '../base/vocabulary-records';

interface ParameterRule {
  /** The value when the request leaves the parameter out; undefined = required. */
  fallback?: (featureName: string) => string;
  check(value: string): string | undefined;
}

const percentage: ParameterRule['check'] = (v) =>
  /^\d{1,3}$/.test(v) && Number(v) <= 100 ? undefined : 'must be a whole number from 0 to 100';
const nonEmpty: ParameterRule['check'] = (v) => (v.trim() !== '' && v.length <= 100 ? undefined : 'must be 1 to 100 characters');
const groupId: ParameterRule['check'] = (v) => (v.length <= 255 ? undefined : 'must be at most 255 characters');

/** A comma-separated list with no empty entry, whose every entry passes `entry`. */
const list =
  (what: string, entry: (item: string) => boolean = () => true): ParameterRule['check'] =>
  (v) => {
    const items = v.split(',').map((s) => s.trim());
    if (items.length === 0 || items.some((s) => s === '')) return `must be a comma-separated list of ${what} with no empty entry`;
    const bad = items.find((s) => !entry(s));
    return bad === undefined ? undefined : `"${bad}" is not ${what.replace(/s$/, '')}`;
  };

const hostName = (s: string) => /^[A-Za-z0-9._-]{1,253}$/.test(s);

/** The parameters of gradualRolloutSessionId and gradualRolloutUserId. */
const gradualRollout: Record<string, ParameterRule> = {
  percentage: { check: percentage },
  groupId: { fallback: (feature) => feature, check: groupId },
};

export const BUILT_IN_STRATEGIES: ReadonlyMap<string, Readonly<Record<string, ParameterRule>>> = new Map([
  ['default', {}],
  [
    'flexibleRollout',
    {
      rollout: { fallback: () => '100', check: percentage },
      stickiness: { fallback: () => 'default', check: nonEmpty },
      groupId: { fallback: (feature) => feature, check: groupId },
    },
  ],
  ['userWithId', { userIds: { check: list('user ids', (s) => s.length <= 255) } }],
  ['gradualRolloutRandom', { percentage: { check: percentage } }],
  ['gradualRolloutSessionId', gradualRollout],
  ['gradualRolloutUserId', gradualRollout],
  // IPs: entries that are no address or range are kept, as Unleash keeps them (only its UI warns); the SDKs skip them.
  ['remoteAddress', { IPs: { check: list('IP addresses') } }],
  ['applicationHostname', { hostNames: { check: list('host names', hostName) } }],
]);

/**
 * The parameters of a built-in strategy, checked, with Unleash's defaults filled in (flexibleRollout:
 * rollout 100, the project's stickiness, the feature name as groupId) and every value a string.
 */
export function normalizeParameters(
  strategy: string,
  input: Readonly<Record<string, string | number>>,
  context: { featureName: string; defaultStickiness: string },
  custom?: readonly StrategyParameterDefinition[],
  where = '/parameters',
): Record<string, string> {
  const fail = (name: string, problem: string): never => {
    const message = `Parameter "${name}" of strategy ${strategy} ${problem}.`;
    throw badData(message, [{ message, path: `${where}/${name}` }]);
  };
  const rules = BUILT_IN_STRATEGIES.get(strategy);
  if (!rules) {
    if (custom) return customParameters(input, custom, fail);
    const message = `Could not find strategy type with name ${strategy}.`;
    throw badData(message, [{ message, path: '/name' }]);
  }
  for (const name of Object.keys(input)) if (!Object.hasOwn(rules, name)) fail(name, `is not a parameter of ${strategy}`);
  const out: Record<string, string> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const given = Object.hasOwn(input, name) ? input[name] : undefined;
    let value = given === undefined ? undefined : String(given);
    if (value === '' && name === 'stickiness') value = undefined; // Unleash: an empty stickiness is the default one
    if (value === undefined) {
      if (!rule.fallback) return fail(name, 'is required');
      value = name === 'stickiness' ? context.defaultStickiness : rule.fallback(context.featureName);
    }
    const problem = rule.check(value);
    if (problem) fail(name, problem);
    out[name] = value;
  }
  return out;
}

const number: ParameterRule['check'] = (v) => (v.trim() !== '' && Number.isFinite(Number(v)) ? undefined : 'must be a number');
const boolean: ParameterRule['check'] = (v) => (v === 'true' || v === 'false' ? undefined : 'must be true or false');

/** The check of each parameter type a custom definition may use (`string` takes any text). */
const TYPE_CHECKS: ReadonlyMap<string, ParameterRule['check']> = new Map([
  ['string', () => undefined],
  ['percentage', percentage],
  ['number', number],
  ['boolean', boolean],
  ['list', list('values')],
]);

/**
 * A custom strategy's parameters, by its definition: each one it defines, present and not empty when
 * required, of its type when given (an empty value of an optional one is kept as not set); no other.
 */
function customParameters(
  input: Readonly<Record<string, string | number>>,
  definitions: readonly StrategyParameterDefinition[],
  fail: (name: string, problem: string) => never,
): Record<string, string> {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  for (const name of Object.keys(input)) if (!byName.has(name)) fail(name, 'is not defined by the strategy');
  // Parameter names are the definition's (any text, `__proto__` too): kept as own members only.
  const out: Record<string, string> = Object.create(null);
  for (const definition of definitions) {
    const given = Object.hasOwn(input, definition.name) ? input[definition.name] : undefined;
    const value = given === undefined ? undefined : String(given);
    if (value === undefined || value === '') {
      if (definition.required) fail(definition.name, 'is required');
      if (value !== undefined) out[definition.name] = value;
      continue;
    }
    const problem = (TYPE_CHECKS.get(definition.type) ?? (() => undefined))(value);
    if (problem) fail(definition.name, problem);
    out[definition.name] = value;
  }
  return out;
}
