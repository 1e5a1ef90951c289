/** How SDKs and Unleash Edge read and report beyond polling: one feature, deltas, Edge's token check and bulk metrics. */
import { anyObject, int, str, strings } from './primitives';
import { clientFeaturesSchema } from './client';

/** One feature of the client API (`GET /api/client/features/:featureName`). */
export const clientFeatureSchema = { $id: 'clientFeature', ...clientFeaturesSchema.properties.features.items } as const;

/** `GET /api/client/delta`: the events since the client's revision, or a hydration. */
export const clientFeaturesDeltaSchema = {
  $id: 'clientFeaturesDelta',
  type: 'object',
  additionalProperties: false,
  required: ['events'],
  properties: {
    events: {
      type: 'array',
      items: {
        type: 'object',
        required: ['eventId', 'type'],
        properties: {
          eventId: int,
          type: { enum: ['feature-updated', 'feature-removed', 'segment-updated', 'segment-removed', 'hydration'] },
          feature: anyObject,
          featureName: str,
          project: str,
          segment: anyObject,
          segmentId: int,
          features: { type: 'array', items: anyObject },
          segments: { type: 'array', items: anyObject },
        },
      },
    },
  },
} as const;

/** `POST /edge/validate`: secrets to check. */
export const tokenStringListSchema = {
  $id: 'tokenStringList',
  type: 'object',
  required: ['tokens'],
  properties: { tokens: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 1000 } } },
} as const;

/** The valid ones among them, with what each may read. */
export const validatedEdgeTokensSchema = {
  $id: 'validatedEdgeTokens',
  type: 'object',
  additionalProperties: false,
  required: ['tokens'],
  properties: {
    tokens: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['token', 'projects', 'type', 'environment'],
        properties: { token: str, projects: strings, type: str, environment: str },
      },
    },
  },
} as const;

const appName = { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^\\u0000]*$' } as const;
const count = { type: 'integer', minimum: 0 } as const;

/** `POST /api/client/metrics/bulk`: what Unleash Edge gathered from the SDKs behind it. */
export const bulkMetricsSchema = {
  $id: 'bulkMetrics',
  type: 'object',
  required: ['applications', 'metrics'],
  properties: {
    applications: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['appName'],
        properties: {
          appName,
          instanceId: { type: 'string', maxLength: 255 },
          environment: { type: 'string', maxLength: 100 },
          sdkVersion: { type: 'string', maxLength: 255 },
          // As a registration's (each is registered as one).
          strategies: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 255 } },
        },
      },
    },
    metrics: {
      type: 'array',
      maxItems: 10000,
      items: {
        type: 'object',
        required: ['featureName', 'appName', 'environment', 'timestamp', 'yes', 'no'],
        properties: {
          featureName: { type: 'string', maxLength: 255 },
          appName,
          environment: { type: 'string', maxLength: 100 },
          timestamp: {},
          yes: count,
          no: count,
          variants: { type: 'object', maxProperties: 100, additionalProperties: count },
        },
      },
    },
    seenTokens: strings,
  },
} as const;

export const CLIENT_DELIVERY_SCHEMAS = [
  clientFeatureSchema,
  clientFeaturesDeltaSchema,
  tokenStringListSchema,
  validatedEdgeTokensSchema,
  bulkMetricsSchema,
] as const;
