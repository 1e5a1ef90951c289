/** JSON Schemas of variants: of a feature environment (with overrides) and of a strategy (without). */
import { FLAG_CONFIG_LIMITS } from '../base/flag-config-limits';

export const PAYLOAD_TYPES = ['string', 'json', 'csv', 'number'] as const;
export const WEIGHT_TYPES = ['variable', 'fix'] as const;

const variantProperties = {
  name: { type: 'string', minLength: 1, maxLength: 255 },
  weight: { type: 'integer', minimum: 0, maximum: 1000 },
  weightType: { enum: WEIGHT_TYPES },
  stickiness: { type: 'string', minLength: 1, maxLength: 100 },
  payload: {
    type: 'object',
    additionalProperties: false,
    required: ['type', 'value'],
    properties: { type: { enum: PAYLOAD_TYPES }, value: { type: 'string', maxLength: FLAG_CONFIG_LIMITS.payloadLength } },
  },
} as const;

/** A fix variant must say its weight; a variable one gets its share computed. */
const fixNeedsWeight = {
  if: { required: ['weightType'], properties: { weightType: { const: 'fix' } } },
  then: { required: ['weight'] },
} as const;

export const strategyVariantInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: variantProperties,
  ...fixNeedsWeight,
} as const;

export const environmentVariantInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    ...variantProperties,
    overrides: {
      type: 'array',
      maxItems: FLAG_CONFIG_LIMITS.overridesPerVariant,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['contextName', 'values'],
        properties: {
          contextName: { type: 'string', minLength: 1, maxLength: 100 },
          values: {
            type: 'array',
            maxItems: FLAG_CONFIG_LIMITS.valuesPerOverride,
            items: { type: 'string', maxLength: FLAG_CONFIG_LIMITS.constraintValueLength },
          },
        },
      },
    },
  },
  ...fixNeedsWeight,
} as const;

/** `PUT .../environments/:environment/variants`: the whole set. */
export const environmentVariantsBodySchema = {
  $id: 'environmentVariantsBody',
  type: 'array',
  maxItems: FLAG_CONFIG_LIMITS.variantsPerSet,
  items: environmentVariantInputSchema,
} as const;

const storedVariant = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'weight', 'weightType', 'stickiness'],
  properties: {
    name: { type: 'string' },
    weight: { type: 'number' },
    weightType: { enum: WEIGHT_TYPES },
    stickiness: { type: 'string' },
    payload: { type: 'object', required: ['type', 'value'], properties: { type: { type: 'string' }, value: { type: 'string' } } },
    overrides: {
      type: 'array',
      items: {
        type: 'object',
        required: ['contextName', 'values'],
        properties: { contextName: { type: 'string' }, values: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
} as const;

/** The answer of the environment variants routes (Unleash's featureVariantsSchema). */
export const featureVariantsSchema = {
  $id: 'featureVariants',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'variants'],
  properties: { version: { type: 'integer' }, variants: { type: 'array', items: storedVariant } },
} as const;
