/** Features: the feature document, its parts, and the bodies that create and patch one. */
import { FEATURE_TYPES, LIFECYCLE_STAGES } from '../base/records';
import { anyObject, bool, dateTime, int, name, nullableDateTime, num, str, strings } from './primitives';

export const tagSchema = {
  $id: 'tag',
  type: 'object',
  additionalProperties: false,
  required: ['type', 'value'],
  properties: { type: { type: 'string', minLength: 1, maxLength: 100 }, value: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const variantSchema = {
  type: 'object',
  required: ['name', 'weight'],
  properties: {
    name: str,
    weight: num,
    weightType: str,
    stickiness: str,
    payload: { type: 'object', required: ['type', 'value'], properties: { type: str, value: str } },
    overrides: {
      type: 'array',
      items: { type: 'object', required: ['contextName', 'values'], properties: { contextName: str, values: strings } },
    },
  },
} as const;

export const constraintSchema = {
  type: 'object',
  required: ['contextName', 'operator'],
  properties: { contextName: str, operator: str, caseInsensitive: bool, inverted: bool, values: strings, value: str },
} as const;

const strategySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'featureName', 'sortOrder', 'segments', 'constraints', 'variants', 'parameters'],
  properties: {
    id: str,
    name: str,
    title: str,
    disabled: bool,
    featureName: str,
    sortOrder: num,
    segments: { type: 'array', items: num },
    constraints: { type: 'array', items: constraintSchema },
    variants: { type: 'array', items: variantSchema },
    parameters: { type: 'object', additionalProperties: str },
  },
} as const;

export const environmentEntrySchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'name',
    'featureName',
    'environment',
    'type',
    'enabled',
    'sortOrder',
    'variantCount',
    'strategies',
    'variants',
    'lastSeenAt',
    'hasStrategies',
    'hasEnabledStrategies',
  ],
  properties: {
    name: str,
    featureName: str,
    environment: str,
    type: str,
    enabled: bool,
    sortOrder: num,
    variantCount: num,
    strategies: { type: 'array', items: strategySchema },
    variants: { type: 'array', items: variantSchema },
    lastSeenAt: nullableDateTime,
    hasStrategies: bool,
    hasEnabledStrategies: bool,
  },
} as const;

export const featureSchema = {
  $id: 'feature',
  type: 'object',
  additionalProperties: false,
  required: [
    'name',
    'type',
    'description',
    'archived',
    'project',
    'enabled',
    'stale',
    'favorite',
    'impressionData',
    'createdAt',
    'archivedAt',
    'lastSeenAt',
    'environments',
    'variants',
    'strategies',
    'tags',
    'children',
    'lifecycle',
    'dependencies',
  ],
  properties: {
    name: str,
    type: { enum: FEATURE_TYPES },
    description: { type: ['string', 'null'] },
    archived: bool,
    project: str,
    enabled: bool,
    stale: bool,
    potentiallyStale: bool,
    favorite: bool,
    impressionData: bool,
    createdAt: nullableDateTime,
    archivedAt: nullableDateTime,
    lastSeenAt: nullableDateTime,
    environments: { type: 'array', items: environmentEntrySchema },
    variants: { type: 'array', items: variantSchema },
    strategies: { type: 'array', items: anyObject },
    tags: { type: ['array', 'null'], items: { $ref: 'tag' } },
    children: strings,
    lifecycle: {
      type: 'object',
      additionalProperties: false,
      required: ['stage', 'enteredStageAt'],
      properties: { stage: { enum: LIFECYCLE_STAGES }, enteredStageAt: dateTime },
    },
    dependencies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['feature'],
        properties: { feature: str, enabled: bool, variants: strings },
      },
    },
    links: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'url', 'title', 'feature'],
        properties: { id: str, url: str, title: { type: ['string', 'null'] }, feature: str },
      },
    },
  },
} as const;

export const featuresSchema = {
  $id: 'features',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'features'],
  properties: { version: int, features: { type: 'array', items: { $ref: 'feature' } } },
} as const;

export const createFeatureSchema = {
  $id: 'createFeature',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name,
    type: { enum: FEATURE_TYPES },
    description: { type: ['string', 'null'], maxLength: 1000 },
    impressionData: bool,
    tags: { type: 'array', items: { $ref: 'tag' } },
  },
} as const;

export const patchOperationsSchema = {
  $id: 'patchOperations',
  type: 'array',
  items: {
    type: 'object',
    // RFC 6902 §4: members an operation does not define are ignored (parsePatch drops them).
    required: ['op', 'path'],
    properties: {
      op: { enum: ['add', 'remove', 'replace', 'copy', 'move', 'test'] },
      path: str,
      // Listed for the OpenAPI document; checked only for the ops that define them (below).
      from: {},
      value: {},
    },
    allOf: [
      { if: { properties: { op: { enum: ['add', 'replace', 'test'] } } }, then: { required: ['value'] } },
      { if: { properties: { op: { enum: ['copy', 'move'] } } }, then: { required: ['from'], properties: { from: str } } },
    ],
  },
} as const;
