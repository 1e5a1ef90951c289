/** JSON Schemas of strategy definitions (`/api/admin/strategies`): the bodies of POST and PUT, the answers. */
import { STRATEGY_PARAMETER_TYPES } from '../base/strategy-definitions';
import { name } from './primitives';

/** At most this many parameters per definition (a flag strategy takes at most 10, see strategyBody). */
const MAX_PARAMETERS = 10;

const parameterDefinition = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    type: { type: 'string', enum: STRATEGY_PARAMETER_TYPES },
    description: { type: ['string', 'null'], maxLength: 1000 },
    required: { type: 'boolean' },
  },
} as const;

/**
 * The fields both bodies share. `editable`, `deprecated` and `displayName` are read-only: accepted and
 * ignored as Unleash does, so a GET answer can be sent back.
 */
const definitionFields = {
  title: { type: ['string', 'null'], maxLength: 255 },
  description: { type: ['string', 'null'], maxLength: 1000 },
  parameters: { type: 'array', maxItems: MAX_PARAMETERS, items: parameterDefinition },
  editable: { type: 'boolean' },
  deprecated: { type: 'boolean' },
  displayName: { type: ['string', 'null'] },
} as const;

/** `POST /api/admin/strategies` (Unleash's createStrategySchema): a custom strategy. */
export const createStrategyDefinitionSchema = {
  $id: 'createStrategyDefinition',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'parameters'],
  properties: { name, ...definitionFields },
} as const;

/** `PUT /api/admin/strategies/:name` (Unleash's updateStrategySchema): the name comes from the path. */
export const updateStrategyDefinitionSchema = {
  $id: 'updateStrategyDefinition',
  type: 'object',
  additionalProperties: false,
  required: ['parameters'],
  properties: { name: { type: 'string' }, ...definitionFields },
} as const;

/** One definition as answered (Unleash's strategySchema). */
export const strategyDefinitionSchema = {
  $id: 'strategyDefinition',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'displayName', 'title', 'description', 'editable', 'deprecated', 'parameters'],
  properties: {
    name: { type: 'string' },
    displayName: { type: ['string', 'null'] },
    title: { type: ['string', 'null'] },
    description: { type: ['string', 'null'] },
    editable: { type: 'boolean' },
    deprecated: { type: 'boolean' },
    parameters: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'type', 'description', 'required'],
        properties: { name: { type: 'string' }, type: { type: 'string' }, description: { type: 'string' }, required: { type: 'boolean' } },
      },
    },
  },
} as const;

/** `GET /api/admin/strategies` (Unleash's strategiesSchema). */
export const strategyDefinitionsSchema = {
  $id: 'strategyDefinitions',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'strategies'],
  properties: {
    version: { type: 'integer', enum: [1] },
    strategies: { type: 'array', items: { $ref: 'strategyDefinition' } },
  },
} as const;

export const STRATEGY_DEFINITION_SCHEMAS = [
  createStrategyDefinitionSchema,
  updateStrategyDefinitionSchema,
  strategyDefinitionSchema,
  strategyDefinitionsSchema,
] as const;
