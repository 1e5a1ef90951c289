/** JSON Schemas of a feature strategy: the request body of POST/PUT, the sort order body, the answers. */
import { FLAG_CONFIG_LIMITS } from '../base/flag-config-limits';
import { constraintListSchema } from './constraint';
import { strategyVariantInputSchema } from './variant';

export const strategyBodySchema = {
  $id: 'strategyBody',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    title: { type: ['string', 'null'], maxLength: 255 },
    disabled: { type: ['boolean', 'null'] },
    sortOrder: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
    constraints: constraintListSchema,
    parameters: {
      type: 'object',
      maxProperties: 10,
      propertyNames: { maxLength: 100 },
      additionalProperties: { type: ['string', 'number'], maxLength: 100_000 },
    },
    segments: { type: 'array', maxItems: FLAG_CONFIG_LIMITS.segmentsPerStrategy, items: { type: 'integer', minimum: 1 } },
    variants: { type: 'array', maxItems: FLAG_CONFIG_LIMITS.variantsPerSet, items: strategyVariantInputSchema },
    /** Read-only: accepted only when equal to the strategy's own (a GET answer sent back). */
    id: { type: 'string' },
    featureName: { type: 'string' },
  },
} as const;

export const strategySortOrderSchema = {
  $id: 'strategySortOrder',
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'sortOrder'],
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 100 },
      sortOrder: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
    },
  },
} as const;

const storedConstraint = {
  type: 'object',
  required: ['contextName', 'operator'],
  properties: {
    contextName: { type: 'string' },
    operator: { type: 'string' },
    caseInsensitive: { type: 'boolean' },
    inverted: { type: 'boolean' },
    values: { type: 'array', items: { type: 'string' } },
    value: { type: 'string' },
  },
} as const;

/** One strategy as the admin API answers it. */
export const featureStrategySchema = {
  $id: 'featureStrategy',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'featureName', 'sortOrder', 'segments', 'constraints', 'variants', 'parameters'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    title: { type: 'string' },
    disabled: { type: 'boolean' },
    featureName: { type: 'string' },
    sortOrder: { type: 'number' },
    segments: { type: 'array', items: { type: 'number' } },
    constraints: { type: 'array', items: storedConstraint },
    variants: { type: 'array', items: { type: 'object' } },
    parameters: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

export const featureStrategiesSchema = {
  $id: 'featureStrategies',
  type: 'array',
  items: { $ref: 'featureStrategy' },
} as const;

/** A strategy of a feature environment that uses something (a segment, a context field): where it stands. */
export const strategyUseSchema = {
  $id: 'strategyUse',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'featureName', 'projectId', 'environment', 'strategyName'],
  properties: {
    id: { type: 'string' },
    featureName: { type: 'string' },
    projectId: { type: 'string' },
    environment: { type: 'string' },
    strategyName: { type: 'string' },
  },
} as const;
