// What the page knows of flag configuration to build its forms: the built-in strategies and their
// parameters, the constraint operators, stickiness, and how the API shares variant weights.
import type { Variant } from './types';

export interface ParameterField {
  name: string;
  label: string;
  /** percent: a 0-100 slider; stickiness: a select; list: comma-separated; number; boolean: true or false; text: free. */
  kind: 'percent' | 'stickiness' | 'list' | 'number' | 'boolean' | 'text';
  /** Must be given (a custom strategy's required parameter; the built-ins' lists). */
  required?: boolean;
}

export interface StrategyKind {
  name: string;
  label: string;
  parameters: readonly ParameterField[];
}

const groupId: ParameterField = { name: 'groupId', label: 'Group id', kind: 'text' };
const percentage: ParameterField = { name: 'percentage', label: 'Percentage', kind: 'percent' };

/** Unleash's built-in strategies (and the legacy ones the API still accepts); custom ones come from the API (strategy-definitions.ts). */
export const STRATEGY_KINDS: readonly StrategyKind[] = [
  {
    name: 'flexibleRollout',
    label: 'Gradual rollout',
    parameters: [
      { name: 'rollout', label: 'Rollout', kind: 'percent' },
      { name: 'stickiness', label: 'Stickiness', kind: 'stickiness' },
      groupId,
    ],
  },
  { name: 'default', label: 'Standard', parameters: [] },
  {
    name: 'userWithId',
    label: 'User ids',
    parameters: [{ name: 'userIds', label: 'User ids (comma-separated)', kind: 'list', required: true }],
  },
  {
    name: 'remoteAddress',
    label: 'IP addresses',
    parameters: [{ name: 'IPs', label: 'IP addresses or CIDR ranges (comma-separated)', kind: 'list', required: true }],
  },
  {
    name: 'applicationHostname',
    label: 'Host names',
    parameters: [{ name: 'hostNames', label: 'Host names (comma-separated)', kind: 'list', required: true }],
  },
  { name: 'gradualRolloutUserId', label: 'Gradual rollout by user id (legacy)', parameters: [percentage, groupId] },
  { name: 'gradualRolloutSessionId', label: 'Gradual rollout by session id (legacy)', parameters: [percentage, groupId] },
  { name: 'gradualRolloutRandom', label: 'Random rollout (legacy)', parameters: [percentage] },
];

export const strategyKind = (name: string): StrategyKind | undefined => STRATEGY_KINDS.find((k) => k.name === name);

const FIRST_VALUE: Partial<Record<ParameterField['kind'], string>> = { percent: '100', stickiness: 'default', boolean: 'false' };

/** The parameters a new strategy of this kind starts with (the API's own defaults for the rest). */
export function defaultParameters(kind: StrategyKind | undefined, featureName: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of kind?.parameters ?? []) out[field.name] = FIRST_VALUE[field.kind] ?? (field.name === 'groupId' ? featureName : '');
  return out;
}

export const STICKINESS = ['default', 'userId', 'sessionId', 'random'] as const;

/** The stickiness choices: the built-in ones, the context fields with stickiness on, and the current one. */
export const stickinessOptions = (current: string, sticky: readonly string[] = []): string[] => [
  ...new Set<string>([...STICKINESS, ...sticky, current]),
];

/** Unleash's constraint operators, with what each means in words. */
export const CONSTRAINT_OPERATORS: readonly { operator: string; label: string }[] = [
  { operator: 'IN', label: 'is one of' },
  { operator: 'NOT_IN', label: 'is not one of' },
  { operator: 'STR_CONTAINS', label: 'contains' },
  { operator: 'STR_STARTS_WITH', label: 'starts with' },
  { operator: 'STR_ENDS_WITH', label: 'ends with' },
  { operator: 'NUM_EQ', label: 'number equals' },
  { operator: 'NUM_GT', label: 'number greater than' },
  { operator: 'NUM_GTE', label: 'number at least' },
  { operator: 'NUM_LT', label: 'number less than' },
  { operator: 'NUM_LTE', label: 'number at most' },
  { operator: 'DATE_AFTER', label: 'date after' },
  { operator: 'DATE_BEFORE', label: 'date before' },
  { operator: 'SEMVER_EQ', label: 'version equals' },
  { operator: 'SEMVER_GT', label: 'version greater than' },
  { operator: 'SEMVER_LT', label: 'version less than' },
  { operator: 'SEMVER_GTE', label: 'version at least' },
  { operator: 'SEMVER_LTE', label: 'version at most' },
  { operator: 'REGEX', label: 'matches regex' },
  { operator: 'IN_CIDR', label: 'is in IP range' },
];

/** Number, date and version operators and REGEX compare with one `value`; the others with a list of `values`. */
export const takesOneValue = (operator: string): boolean => /^(NUM_|DATE_|SEMVER_)/.test(operator) || operator === 'REGEX';
/** The string operators and REGEX have a case-insensitive form. */
export const takesCaseInsensitive = (operator: string): boolean => operator.startsWith('STR_') || operator === 'REGEX';
/** Every operator but REGEX may be inverted (the API refuses an inverted REGEX, as Unleash does). */
export const takesInverted = (operator: string): boolean => operator !== 'REGEX';

/** Context fields every SDK knows, offered as suggestions (any other name is allowed). */
export const CONTEXT_FIELDS = ['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'] as const;

export const PAYLOAD_TYPES = ['string', 'json', 'number', 'csv'] as const;

export const TOTAL_WEIGHT = 1000;

/**
 * The weights the API will store, in the order given: `fix` variants keep theirs, `variable` ones
 * share what is left of 1000, the first ones taking the remainder.
 */
export function sharedWeights(variants: readonly Pick<Variant, 'weight' | 'weightType'>[]): number[] {
  const fixed = variants.filter((v) => v.weightType === 'fix').reduce((sum, v) => sum + v.weight, 0);
  const variableCount = variants.filter((v) => v.weightType !== 'fix').length;
  const left = Math.max(0, TOTAL_WEIGHT - fixed);
  const share = variableCount ? Math.floor(left / variableCount) : 0;
  let remainder = variableCount ? left % variableCount : 0;
  return variants.map((v) => (v.weightType === 'fix' ? v.weight : share + (remainder-- > 0 ? 1 : 0)));
}

/** A weight out of 1000 as a percentage with at most one decimal. */
export const weightPercent = (weight: number): string => `${Number((weight / 10).toFixed(1))} %`;
