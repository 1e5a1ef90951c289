/** JSON Schemas of segments: the body of POST/PUT and the answers. */
import { constraintListSchema } from './constraint';

export const segmentBodySchema = {
  $id: 'segmentBody',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: ['string', 'null'], maxLength: 1000 },
    project: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
    constraints: constraintListSchema,
  },
} as const;

export const segmentSchema = {
  $id: 'segment',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'project', 'constraints', 'createdAt', 'createdBy'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    project: { type: ['string', 'null'] },
    constraints: { type: 'array', items: { type: 'object' } },
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: { type: 'string' },
  },
} as const;

export const segmentsSchema = {
  $id: 'segments',
  type: 'object',
  additionalProperties: false,
  required: ['segments'],
  properties: { segments: { type: 'array', items: { $ref: 'segment' } } },
} as const;

/** `POST /api/admin/segments/validate`: the name to check. */
export const segmentNameBodySchema = {
  $id: 'segmentNameBody',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/** The strategies using a segment, as Unleash's segmentStrategiesSchema. */
export const segmentStrategiesSchema = {
  $id: 'segmentStrategies',
  type: 'object',
  additionalProperties: false,
  required: ['strategies', 'changeRequestStrategies'],
  properties: {
    strategies: {
      type: 'array',
      items: { $ref: 'strategyUse' },
    },
    changeRequestStrategies: { type: 'array', items: { type: 'object' } },
  },
} as const;
