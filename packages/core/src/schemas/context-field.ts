/**
 * JSON Schemas of context fields (Unleash's `/api/admin/context` and `/api/admin/projects/:projectId/context`):
 * the bodies of create, update, a legal value and a name check, and the answers.
 */
import { NAME_PATTERN } from './primitives';

/** At most this many legal values per field (Unleash has no bound; each one is checked on every constraint write). */
export const LEGAL_VALUES_PER_FIELD = 1000;

export const legalValueSchema = {
  $id: 'legalValue',
  type: 'object',
  additionalProperties: false,
  required: ['value'],
  properties: {
    value: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: ['string', 'null'], maxLength: 250 },
  },
} as const;

const fieldProperties = {
  description: { type: ['string', 'null'], maxLength: 250 },
  stickiness: { type: 'boolean' },
  sortOrder: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  legalValues: { type: ['array', 'null'], maxItems: LEGAL_VALUES_PER_FIELD, items: { $ref: 'legalValue' } },
  project: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
  // What a GET answers may be sent back: these are read-only and ignored.
  createdAt: { type: ['string', 'null'] },
  usedInFeatures: { type: ['integer', 'null'] },
  usedInProjects: { type: ['integer', 'null'] },
} as const;

/** `POST .../context`: Unleash's createContextFieldSchema. */
export const createContextFieldBodySchema = {
  $id: 'createContextFieldBody',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', pattern: NAME_PATTERN }, ...fieldProperties },
} as const;

/** `PUT .../context/:contextField`: Unleash's updateContextFieldSchema (a `name` must be the path's). */
export const updateContextFieldBodySchema = {
  $id: 'updateContextFieldBody',
  type: 'object',
  additionalProperties: false,
  properties: { name: { type: 'string' }, ...fieldProperties },
} as const;

/** `POST .../context/validate`: Unleash's nameSchema. */
export const contextFieldNameBodySchema = {
  $id: 'contextFieldNameBody',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string' } },
} as const;

/** One field as answered (Unleash's contextFieldSchema). */
export const contextFieldSchema = {
  $id: 'contextField',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'description', 'stickiness', 'sortOrder', 'createdAt', 'legalValues'],
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    stickiness: { type: 'boolean' },
    sortOrder: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    usedInFeatures: { type: 'integer', minimum: 0 },
    usedInProjects: { type: 'integer', minimum: 0 },
    legalValues: { type: 'array', items: { $ref: 'legalValue' } },
    project: { type: 'string' },
  },
} as const;

export const contextFieldsSchema = {
  $id: 'contextFields',
  type: 'array',
  items: { $ref: 'contextField' },
} as const;

/** The strategies using a field (Unleash's contextFieldStrategiesSchema). */
export const contextFieldStrategiesSchema = {
  $id: 'contextFieldStrategies',
  type: 'object',
  additionalProperties: false,
  required: ['strategies'],
  properties: {
    strategies: {
      type: 'array',
      items: { $ref: 'strategyUse' },
    },
  },
} as const;

export const CONTEXT_FIELD_SCHEMAS = [
  legalValueSchema,
  createContextFieldBodySchema,
  updateContextFieldBodySchema,
  contextFieldNameBodySchema,
  contextFieldSchema,
  contextFieldsSchema,
  contextFieldStrategiesSchema,
] as const;
