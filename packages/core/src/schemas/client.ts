/** The client API SDKs use: features in the client format, registration and metrics bodies. */
import { anyObject, bool, num, str } from './primitives';
import { constraintSchema, variantSchema } from './feature';

export const clientFeaturesSchema = {
  $id: 'clientFeatures',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'features', 'query'],
  properties: {
    version: { const: 2 },
    features: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'type', 'enabled', 'stale', 'impressionData', 'project', 'strategies', 'variants'],
        properties: {
          name: str,
          type: str,
          description: { type: ['string', 'null'] },
          enabled: bool,
          stale: bool,
          impressionData: bool,
          project: str,
          strategies: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'constraints', 'parameters'],
              properties: {
                name: str,
                constraints: { type: 'array', items: constraintSchema },
                parameters: anyObject,
                segments: { type: 'array', items: num },
                variants: { type: 'array', items: variantSchema },
              },
            },
          },
          variants: { type: 'array', items: variantSchema },
          dependencies: { type: 'array', items: anyObject },
        },
      },
    },
    query: anyObject,
    segments: { type: 'array', items: anyObject },
  },
} as const;

/** An application's name is the key its record is stored under: no U+0000, which PostgreSQL text cannot hold. */
const appName = { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^\\u0000]*$' } as const;

export const clientRegisterSchema = {
  $id: 'clientRegister',
  type: 'object',
  required: ['appName'],
  properties: {
    appName,
    instanceId: { type: 'string', maxLength: 255 },
    sdkVersion: { type: 'string', maxLength: 255 },
    environment: { type: 'string', maxLength: 100 },
    strategies: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 255 } },
    started: {},
    interval: num,
  },
} as const;

export const clientMetricsSchema = {
  $id: 'clientMetrics',
  type: 'object',
  required: ['appName', 'bucket'],
  properties: {
    appName,
    instanceId: { type: 'string', maxLength: 255 },
    environment: { type: 'string', maxLength: 100 },
    bucket: {
      type: 'object',
      required: ['toggles'],
      properties: {
        start: {},
        stop: {},
        toggles: {
          type: 'object',
          maxProperties: 10000,
          additionalProperties: {
            type: 'object',
            properties: {
              yes: { type: 'integer', minimum: 0 },
              no: { type: 'integer', minimum: 0 },
              // At most a variant set (100) and the `disabled` an SDK reports when none is chosen.
              variants: {
                type: 'object',
                maxProperties: 101,
                propertyNames: { maxLength: 255 },
                additionalProperties: { type: 'integer', minimum: 0 },
              },
            },
          },
        },
      },
    },
  },
} as const;
