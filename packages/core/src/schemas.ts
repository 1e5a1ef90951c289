/**
 * JSON Schemas of every request body and response shape, as `as const` objects. One ajv instance
 * compiles them once (validation.ts); the OpenAPI document (openapi.ts) and the tests use the same.
 */
import { ADMIN_ROLES, CHANGE_REQUEST_STATES, FEATURE_TYPES, KEY_TYPES, LIFECYCLE_STAGES, PROJECT_MODES } from './records';
import { FLAG_CONFIG_SCHEMAS } from './schemas/flag-config';

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const num = { type: 'number' } as const;
const int = { type: 'integer' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;
const strings = { type: 'array', items: str } as const;
const anyObject = { type: 'object' } as const;

/** Names: 1–100 characters that are already URL-safe, and not `.` or `..`. */
export const NAME_PATTERN = "^(?!\\.{1,2}$)[A-Za-z0-9\\-._~!*'()]{1,100}$";
const name = { type: 'string', pattern: NAME_PATTERN } as const;

export const tagSchema = {
  $id: 'tag',
  type: 'object',
  additionalProperties: false,
  required: ['type', 'value'],
  properties: { type: { type: 'string', minLength: 1, maxLength: 100 }, value: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const variantSchema = {
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

const constraintSchema = {
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

const environmentEntrySchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'name', 'featureName', 'environment', 'type', 'enabled', 'sortOrder', 'variantCount', 'strategies', 'variants',
    'lastSeenAt', 'hasStrategies', 'hasEnabledStrategies',
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
    'name', 'type', 'description', 'archived', 'project', 'enabled', 'stale', 'favorite', 'impressionData', 'createdAt',
    'archivedAt', 'lastSeenAt', 'environments', 'variants', 'strategies', 'tags', 'children', 'lifecycle', 'dependencies',
  ],
  properties: {
    name: str,
    type: { enum: FEATURE_TYPES },
    description: { type: ['string', 'null'] },
    archived: bool,
    project: str,
    enabled: bool,
    stale: bool,
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
  },
} as const;

export const featuresSchema = {
  $id: 'features',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'features'],
  properties: { version: int, features: { type: 'array', items: { $ref: 'feature' } } },
} as const;

const nullableString = { type: ['string', 'null'] } as const;

export const eventSchema = {
  $id: 'event',
  type: 'object',
  additionalProperties: false,
  required: [
    'id', 'createdAt', 'type', 'createdBy', 'createdByUserId', 'environment', 'project', 'featureName', 'data', 'preData',
    'tags',
  ],
  properties: {
    id: int,
    createdAt: dateTime,
    type: str,
    createdBy: str,
    createdByUserId: { type: ['number', 'null'] },
    environment: nullableString,
    project: nullableString,
    featureName: nullableString,
    data: { type: ['object', 'null'] },
    preData: { type: ['object', 'null'] },
    tags: { type: 'array', items: { $ref: 'tag' } },
  },
} as const;

export const eventsSchema = {
  $id: 'events',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'events', 'totalEvents'],
  properties: { version: { type: 'integer', minimum: 1 }, events: { type: 'array', items: { $ref: 'event' } }, totalEvents: int },
} as const;

export const projectSchema = {
  $id: 'project',
  type: 'object',
  additionalProperties: false,
  required: [
    'id', 'name', 'description', 'health', 'featureCount', 'staleFeatureCount', 'potentiallyStaleFeatureCount',
    'memberCount', 'createdAt', 'updatedAt', 'favorite', 'mode', 'defaultStickiness', 'avgTimeToProduction', 'owners',
  ],
  properties: {
    id: str,
    name: str,
    description: str,
    health: num,
    featureCount: num,
    staleFeatureCount: num,
    potentiallyStaleFeatureCount: num,
    memberCount: num,
    createdAt: dateTime,
    updatedAt: dateTime,
    favorite: bool,
    mode: { enum: PROJECT_MODES },
    defaultStickiness: str,
    avgTimeToProduction: num,
    owners: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['ownerType'],
        properties: { ownerType: { enum: ['user', 'system'] }, name: str, email: str, imageUrl: str },
      },
    },
  },
} as const;

export const projectsSchema = {
  $id: 'projects',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'projects'],
  properties: { version: int, projects: { type: 'array', items: { $ref: 'project' } } },
} as const;

const userRef = {
  type: 'object',
  required: ['username', 'imageUrl'],
  properties: { username: nullableString, imageUrl: { type: ['string', 'null'], format: 'uri' } },
} as const;

const changeSchema = {
  type: 'object',
  required: ['id', 'action', 'payload'],
  properties: {
    id: num,
    action: str,
    conflict: str,
    payload: { type: ['object', 'string', 'array'] },
    createdBy: userRef,
    createdAt: dateTime,
  },
} as const;

const approvalSchema = {
  type: 'object',
  required: ['createdBy', 'createdAt'],
  properties: {
    createdBy: {
      type: 'object',
      required: ['id', 'username', 'imageUrl'],
      properties: { id: num, username: str, imageUrl: { type: 'string', format: 'uri' } },
    },
    createdAt: dateTime,
  },
} as const;

export const changeRequestSchema = {
  $id: 'changeRequest',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'environment', 'minApprovals', 'project', 'features', 'segments', 'createdBy', 'createdAt', 'state'],
  properties: {
    id: num,
    title: str,
    environment: str,
    minApprovals: num,
    project: str,
    features: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'changes'],
        properties: {
          name: str,
          conflict: str,
          changes: { type: 'array', items: changeSchema },
          defaultChange: { type: 'object', required: ['action', 'payload'], properties: { action: str, payload: anyObject } },
        },
      },
    },
    segments: { type: 'array', items: { ...changeSchema, required: [...changeSchema.required, 'name'], properties: { ...changeSchema.properties, name: str } } },
    approvals: { type: 'array', items: approvalSchema },
    rejections: { type: 'array', items: approvalSchema },
    comments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['text', 'createdBy', 'createdAt'],
        properties: { id: num, text: str, createdBy: userRef, createdAt: dateTime },
      },
    },
    createdBy: {
      type: 'object',
      required: ['username', 'imageUrl'],
      properties: { id: num, username: nullableString, imageUrl: { type: 'string', format: 'uri' } },
    },
    createdAt: dateTime,
    state: { enum: CHANGE_REQUEST_STATES },
  },
} as const;

export const outdatedSdksSchema = {
  $id: 'outdatedSdks',
  type: 'object',
  additionalProperties: false,
  required: ['sdks'],
  properties: {
    sdks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sdkVersion', 'applications'],
        properties: { sdkVersion: str, applications: strings },
      },
    },
  },
} as const;

export const apiTokenSchema = {
  $id: 'apiToken',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'tokenName', 'type', 'role', 'projects', 'project', 'environment', 'createdAt'],
  properties: {
    id: int,
    tokenName: str,
    type: { enum: KEY_TYPES },
    role: { type: ['string', 'null'] },
    projects: strings,
    project: str,
    environment: str,
    createdAt: dateTime,
    secret: str,
  },
} as const;

export const errorSchema = {
  $id: 'error',
  type: 'object',
  required: ['id', 'name', 'message'],
  properties: {
    id: str,
    name: str,
    message: str,
    details: { type: 'array', items: { type: 'object', required: ['message'], properties: { message: str, path: str } } },
    permissions: { type: 'array', items: anyObject },
  },
} as const;

export const healthSchema = {
  $id: 'health',
  type: 'object',
  required: ['health'],
  properties: { health: { const: 'GOOD' } },
} as const;

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
              properties: { name: str, constraints: { type: 'array', items: constraintSchema }, parameters: anyObject, segments: { type: 'array', items: num }, variants: { type: 'array', items: variantSchema } },
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

// ---- request bodies ----

export const patchOperationsSchema = {
  $id: 'patchOperations',
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['op', 'path'],
    properties: {
      op: { enum: ['add', 'remove', 'replace', 'copy', 'move', 'test'] },
      path: str,
      from: str,
      value: {},
    },
    allOf: [
      { if: { properties: { op: { enum: ['add', 'replace', 'test'] } } }, then: { required: ['value'] } },
      { if: { properties: { op: { enum: ['copy', 'move'] } } }, then: { required: ['from'] } },
    ],
  },
} as const;

export const createProjectSchema = {
  $id: 'createProject',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: {
    id: name,
    name: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: 'string', maxLength: 1000 },
    mode: { enum: PROJECT_MODES },
    defaultStickiness: { type: 'string', minLength: 1, maxLength: 100 },
    members: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'role'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 100 },
          email: { type: 'string', maxLength: 200 },
          imageUrl: { type: 'string', format: 'uri', maxLength: 500 },
          role: { enum: ['owner', 'member'] },
        },
      },
    },
  },
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
    tags: { type: 'array', maxItems: 100, items: { $ref: 'tag' } },
  },
} as const;

export const createApiTokenSchema = {
  $id: 'createApiToken',
  type: 'object',
  additionalProperties: false,
  required: ['tokenName', 'type'],
  properties: {
    tokenName: { type: 'string', minLength: 1, maxLength: 100 },
    type: { type: 'string', enum: [...KEY_TYPES, ...KEY_TYPES.map((t) => t.toUpperCase())] },
    role: { enum: ADMIN_ROLES },
    projects: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', minLength: 1 } },
    project: { type: 'string', minLength: 1 },
    environment: { type: 'string', minLength: 1 },
  },
} as const;

export const CHANGE_ACTIONS = [
  'updateEnabled', 'addStrategy', 'updateStrategy', 'deleteStrategy', 'patchVariant', 'reorderStrategy', 'archiveFeature',
  'addDependency', 'deleteDependency',
] as const;

const changeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['feature', 'action', 'payload'],
  properties: { feature: str, action: { enum: CHANGE_ACTIONS }, payload: { type: ['object', 'array'] } },
} as const;

export const changeRequestChangesSchema = {
  $id: 'changeRequestChanges',
  oneOf: [changeBody, { type: 'array', minItems: 1, maxItems: 100, items: changeBody }],
} as const;

export const clientRegisterSchema = {
  $id: 'clientRegister',
  type: 'object',
  required: ['appName'],
  properties: {
    appName: { type: 'string', minLength: 1, maxLength: 255 },
    instanceId: { type: 'string', maxLength: 255 },
    sdkVersion: { type: 'string', maxLength: 255 },
    environment: { type: 'string', maxLength: 100 },
    strategies: strings,
    started: {},
    interval: num,
  },
} as const;

export const clientMetricsSchema = {
  $id: 'clientMetrics',
  type: 'object',
  required: ['appName', 'bucket'],
  properties: {
    appName: { type: 'string', minLength: 1, maxLength: 255 },
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
            properties: { yes: { type: 'integer', minimum: 0 }, no: { type: 'integer', minimum: 0 }, variants: anyObject },
          },
        },
      },
    },
  },
} as const;

/** Every schema, for the one ajv instance and the OpenAPI document. */
export const SCHEMAS = [
  tagSchema, featureSchema, featuresSchema, eventSchema, eventsSchema, projectSchema, projectsSchema, changeRequestSchema,
  outdatedSdksSchema, apiTokenSchema, errorSchema, clientFeaturesSchema, healthSchema, patchOperationsSchema, createProjectSchema,
  createFeatureSchema, createApiTokenSchema, changeRequestChangesSchema, clientRegisterSchema, clientMetricsSchema,
  ...FLAG_CONFIG_SCHEMAS,
] as const;

export type SchemaId = (typeof SCHEMAS)[number]['$id'];
