/** JSON Schemas of feature types and their lifetimes (Unleash's featureTypeSchema, featureTypesSchema). */
import { FEATURE_TYPES } from '../base/records';

export const featureTypeSchema = {
  $id: 'featureType',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'lifetimeDays'],
  properties: {
    id: { enum: FEATURE_TYPES },
    name: { type: 'string' },
    description: { type: 'string' },
    lifetimeDays: { type: ['integer', 'null'], minimum: 0 },
  },
} as const;

export const featureTypesSchema = {
  $id: 'featureTypes',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'types'],
  properties: { version: { enum: [1] }, types: { type: 'array', items: { $ref: 'featureType' } } },
} as const;

/** `PUT /api/admin/feature-types/:id/lifetime`: days, or null or 0 for never potentially stale. */
export const featureTypeLifetimeSchema = {
  $id: 'featureTypeLifetime',
  type: 'object',
  required: ['lifetimeDays'],
  properties: { lifetimeDays: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 } },
} as const;

export const FEATURE_TYPE_SCHEMAS = [featureTypeSchema, featureTypesSchema, featureTypeLifetimeSchema] as const;
