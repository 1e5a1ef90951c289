/** JSON Schemas of integrations (`/api/admin/addons`, Unleash 8.2.0's addon schemas): bodies and answers. */
import { NAME_PATTERN } from './primitives';

const MAX_PARAMETERS = 20;
const MAX_NAMES = 100;
const names = { type: 'array', maxItems: MAX_NAMES, items: { type: 'string', minLength: 1, maxLength: 100 } } as const;
const parameterValue = { type: ['string', 'number', 'boolean'], maxLength: 10000 } as const;

/**
 * `POST /api/admin/addons` and `PUT /api/admin/addons/:id` (Unleash's addonCreateUpdateSchema, with its service's
 * defaults: enabled true, no parameters, no events). `id` and `createdAt` are read-only: accepted and ignored,
 * so an answer can be sent back.
 */
export const addonCreateUpdateSchema = {
  $id: 'addonCreateUpdate',
  type: 'object',
  additionalProperties: false,
  required: ['provider'],
  properties: {
    provider: { type: 'string', pattern: NAME_PATTERN },
    description: { type: ['string', 'null'], maxLength: 1000 },
    enabled: { type: 'boolean' },
    parameters: {
      type: 'object',
      maxProperties: MAX_PARAMETERS,
      propertyNames: { maxLength: 100 },
      additionalProperties: parameterValue,
    },
    events: names,
    projects: names,
    environments: names,
    id: { type: 'integer' },
    createdAt: { type: 'string' },
  },
} as const;

const stringList = { type: 'array', items: { type: 'string' } } as const;

/** An integration as answered (Unleash's addonSchema); secret parameters read `*****`. */
export const addonSchema = {
  $id: 'addon',
  type: 'object',
  required: ['id', 'description', 'provider', 'enabled', 'parameters', 'events'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    provider: { type: 'string' },
    description: { type: ['string', 'null'] },
    enabled: { type: 'boolean' },
    parameters: { type: 'object' },
    events: stringList,
    projects: stringList,
    environments: stringList,
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

const addonParameterSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'displayName', 'type', 'required', 'sensitive'],
  properties: {
    name: { type: 'string' },
    displayName: { type: 'string' },
    type: { type: 'string' },
    description: { type: 'string' },
    placeholder: { type: 'string' },
    required: { type: 'boolean' },
    sensitive: { type: 'boolean' },
  },
} as const;

/** `GET /api/admin/addons` (Unleash's addonsSchema): the integrations and the providers built here. */
export const addonsSchema = {
  $id: 'addons',
  type: 'object',
  required: ['addons', 'providers'],
  properties: {
    addons: { type: 'array', items: { $ref: 'addon' } },
    providers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'displayName', 'documentationUrl', 'description'],
        properties: {
          name: { type: 'string' },
          displayName: { type: 'string' },
          documentationUrl: { type: 'string' },
          description: { type: 'string' },
          howTo: { type: 'string' },
          parameters: { type: 'array', items: addonParameterSchema },
          events: stringList,
        },
      },
    },
  },
} as const;

/** `GET /api/admin/addons/:id/events` (Unleash's integrationEventsSchema): the latest delivery outcomes, newest first. */
export const integrationEventsSchema = {
  $id: 'integrationEvents',
  type: 'object',
  additionalProperties: false,
  required: ['integrationEvents'],
  properties: {
    integrationEvents: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'integrationId', 'createdAt', 'state', 'stateDetails', 'event', 'details'],
        properties: {
          id: { type: 'string', pattern: '^[0-9]+$' },
          integrationId: { type: 'integer' },
          createdAt: { type: 'string', format: 'date-time' },
          state: { type: 'string', enum: ['success', 'failed', 'successWithErrors'] },
          stateDetails: { type: 'string' },
          event: { $ref: 'event' },
          details: { type: 'object' },
        },
      },
    },
  },
} as const;

export const ADDON_SCHEMAS = [addonCreateUpdateSchema, addonSchema, addonsSchema, integrationEventsSchema] as const;
