/** Search and per-feature reads: features and events found by filters, a feature's events, dependency options. */
import { bool, int, nullableString, str, strings } from './primitives';

/** `GET /api/admin/events/:featureName`: `{version, toggleName, events, totalEvents}`. */
export const featureEventsSchema = {
  $id: 'featureEvents',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'toggleName', 'events', 'totalEvents'],
  properties: { version: int, toggleName: str, events: { type: 'array', items: { $ref: 'event' } }, totalEvents: int },
} as const;

/** `GET /api/admin/search/events`: `{events, total}`. */
export const eventSearchSchema = {
  $id: 'eventSearch',
  type: 'object',
  additionalProperties: false,
  required: ['events', 'total'],
  properties: { events: { type: 'array', items: { $ref: 'event' } }, total: int },
} as const;

/** `GET /api/admin/event-creators`: `[{id, name}]`. */
export const eventCreatorsSchema = {
  $id: 'eventCreators',
  type: 'array',
  items: { type: 'object', additionalProperties: false, required: ['id', 'name'], properties: { id: int, name: str } },
} as const;

const searchEnvironment = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'enabled', 'type', 'sortOrder', 'variantCount', 'lastSeenAt', 'hasStrategies', 'hasEnabledStrategies'],
  properties: {
    name: str,
    enabled: bool,
    type: str,
    sortOrder: { type: 'number' },
    variantCount: int,
    lastSeenAt: { type: ['string', 'null'], format: 'date-time' },
    hasStrategies: bool,
    hasEnabledStrategies: bool,
  },
} as const;

/** `GET /api/admin/search/features`: `{features, total}` (Unleash's searchFeaturesSchema). */
export const searchFeaturesSchema = {
  $id: 'searchFeatures',
  type: 'object',
  additionalProperties: false,
  required: ['features', 'total'],
  properties: {
    total: int,
    features: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'name',
          'type',
          'description',
          'dependencyType',
          'project',
          'stale',
          'favorite',
          'impressionData',
          'createdAt',
          'archivedAt',
          'environments',
          'segments',
          'tags',
          'lifecycle',
          'createdBy',
        ],
        properties: {
          name: str,
          type: str,
          description: nullableString,
          dependencyType: { enum: ['parent', 'child', null] },
          project: str,
          stale: bool,
          favorite: bool,
          impressionData: bool,
          createdAt: { type: 'string', format: 'date-time' },
          archivedAt: { type: ['string', 'null'], format: 'date-time' },
          environments: { type: 'array', items: searchEnvironment },
          segments: strings,
          tags: { type: 'array', items: { $ref: 'tagAnswer' } },
          lifecycle: {
            type: 'object',
            additionalProperties: false,
            required: ['stage', 'enteredStageAt'],
            properties: { stage: str, enteredStageAt: { type: 'string', format: 'date-time' } },
          },
          createdBy: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'name', 'imageUrl'],
            properties: { id: int, name: str, imageUrl: str },
          },
        },
      },
    },
  },
} as const;

/** Feature names (`listParentOptions`) or variant names (`listParentVariantOptions`). */
export const nameListSchema = { $id: 'nameList', type: 'array', items: str } as const;

/** `checkDependenciesExist`: a boolean. */
export const dependenciesExistSchema = { $id: 'dependenciesExist', type: 'boolean' } as const;

/** `POST /api/admin/segments/strategies`: the segments of one strategy. */
export const strategySegmentsBodySchema = {
  $id: 'strategySegmentsBody',
  type: 'object',
  additionalProperties: false,
  required: ['projectId', 'strategyId', 'environmentId', 'segmentIds'],
  properties: {
    projectId: { type: 'string', minLength: 1, maxLength: 100 },
    strategyId: { type: 'string', minLength: 1, maxLength: 100 },
    environmentId: { type: 'string', minLength: 1, maxLength: 100 },
    segmentIds: { type: 'array', maxItems: 5, uniqueItems: true, items: { type: 'integer', minimum: 0 } },
  },
} as const;

export const SEARCH_SCHEMAS = [
  featureEventsSchema,
  eventSearchSchema,
  eventCreatorsSchema,
  searchFeaturesSchema,
  nameListSchema,
  dependenciesExistSchema,
  strategySegmentsBodySchema,
] as const;
