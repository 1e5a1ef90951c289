/** JSON Schema of a strategy or segment constraint as a request body carries it. */
import { FLAG_CONFIG_LIMITS } from '../base/flag-config-limits';

/** Unleash's constraint operators (IN_CIDR: newer than Unleash 8.2, evaluated by the current SDKs). */
export const CONSTRAINT_OPERATORS = [
  'IN',
  'NOT_IN',
  'STR_CONTAINS',
  'STR_STARTS_WITH',
  'STR_ENDS_WITH',
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_LT',
  'SEMVER_GTE',
  'SEMVER_LTE',
  'REGEX',
  'IN_CIDR',
] as const;
export type ConstraintOperator = (typeof CONSTRAINT_OPERATORS)[number];

const constraintValue = { type: 'string', maxLength: FLAG_CONFIG_LIMITS.constraintValueLength } as const;

export const constraintInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['contextName', 'operator'],
  properties: {
    contextName: { type: 'string', minLength: 1, maxLength: 100 },
    operator: { enum: CONSTRAINT_OPERATORS },
    caseInsensitive: { type: 'boolean' },
    inverted: { type: 'boolean' },
    values: { type: 'array', items: constraintValue },
    value: constraintValue,
  },
} as const;

export const constraintListSchema = {
  type: 'array',
  items: constraintInputSchema,
} as const;
