/** JSON Schemas of environments (instance-wide and per project) and feature types, with Unleash's shapes. */
import { strategyBodySchema } from './strategy';

/**
 * Environment names: Unleash's URL-safe characters without the dot, because an API key's secret is
 * `<project>:<environment>.<secret part>` and its environment ends at the first dot.
 */
export const ENVIRONMENT_NAME_PATTERN = '^[A-Za-z0-9_~-]{1,100}$';
const environmentName = { type: 'string', pattern: ENVIRONMENT_NAME_PATTERN } as const;
const environmentType = { type: 'string', minLength: 1, maxLength: 100 } as const;
const sortOrder = { type: 'integer', minimum: -2147483648, maximum: 2147483647 } as const;
const count = { type: 'integer', minimum: 0 } as const;
const requiredApprovals = { type: ['integer', 'null'], minimum: 1, maximum: 1000 } as const;

/** One environment (Unleash's environmentSchema). */
export const environmentSchema = {
  $id: 'environment',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'enabled', 'protected', 'sortOrder'],
  properties: {
    name: { type: 'string' },
    type: { type: 'string' },
    enabled: { type: 'boolean' },
    protected: { type: 'boolean' },
    sortOrder: { type: 'integer' },
    projectCount: count,
    apiTokenCount: count,
    enabledToggleCount: count,
    requiredApprovals: { type: ['integer', 'null'] },
  },
} as const;

export const environmentsSchema = {
  $id: 'environments',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'environments'],
  properties: { version: { type: 'integer' }, environments: { type: 'array', items: { $ref: 'environment' } } },
} as const;

/** A strategy as stored for a project environment's default (Unleash's createFeatureStrategySchema). */
export const defaultStrategySchema = {
  $id: 'defaultStrategy',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'constraints', 'parameters', 'variants', 'segments'],
  properties: {
    name: { type: 'string' },
    title: { type: ['string', 'null'] },
    disabled: { type: ['boolean', 'null'] },
    constraints: { type: 'array', items: { type: 'object' } },
    parameters: { type: 'object', additionalProperties: { type: 'string' } },
    variants: { type: 'array', items: { type: 'object' } },
    segments: { type: 'array', items: { type: 'integer' } },
  },
} as const;

/** One environment as a project sees it (Unleash's environmentProjectSchema). */
export const projectEnvironmentSchema = {
  $id: 'projectEnvironment',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'enabled', 'protected', 'sortOrder', 'projectApiTokenCount', 'projectEnabledToggleCount', 'visible'],
  properties: {
    name: { type: 'string' },
    type: { type: 'string' },
    enabled: { type: 'boolean' },
    protected: { type: 'boolean' },
    sortOrder: { type: 'integer' },
    projectApiTokenCount: count,
    projectEnabledToggleCount: count,
    defaultStrategy: { $ref: 'defaultStrategy' },
    visible: { type: 'boolean' },
    requiredApprovals: { type: ['integer', 'null'] },
  },
} as const;

export const projectEnvironmentsSchema = {
  $id: 'projectEnvironments',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'environments'],
  properties: { version: { type: 'integer' }, environments: { type: 'array', items: { $ref: 'projectEnvironment' } } },
} as const;

/** `POST /api/admin/environments` (Unleash Enterprise's createEnvironmentSchema). */
export const createEnvironmentSchema = {
  $id: 'createEnvironment',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type'],
  properties: { name: environmentName, type: environmentType, enabled: { type: 'boolean' }, sortOrder, requiredApprovals },
} as const;

/** `PUT /api/admin/environments/update/:name` (Unleash Enterprise's updateEnvironmentSchema): name, enabled and protected stay. */
export const updateEnvironmentSchema = {
  $id: 'updateEnvironment',
  type: 'object',
  additionalProperties: false,
  properties: { type: environmentType, sortOrder, requiredApprovals },
} as const;

/** `PUT /api/admin/environments/sort-order` (Unleash's sortOrderSchema): environment name → sort order. */
export const environmentSortOrderSchema = {
  $id: 'environmentSortOrder',
  type: 'object',
  maxProperties: 1000,
  propertyNames: { maxLength: 100 },
  additionalProperties: sortOrder,
} as const;

/** `POST /api/admin/projects/:projectId/environments` (Unleash's projectEnvironmentSchema). */
export const addProjectEnvironmentSchema = {
  $id: 'addProjectEnvironment',
  type: 'object',
  additionalProperties: false,
  required: ['environment'],
  properties: {
    environment: { type: 'string', minLength: 1, maxLength: 100 },
    changeRequestsEnabled: { type: 'boolean' },
    defaultStrategy: strategyBodySchema,
  },
} as const;

export const ENVIRONMENT_SCHEMAS = [
  environmentSchema,
  environmentsSchema,
  defaultStrategySchema,
  projectEnvironmentSchema,
  projectEnvironmentsSchema,
  createEnvironmentSchema,
  updateEnvironmentSchema,
  environmentSortOrderSchema,
  addProjectEnvironmentSchema,
] as const;
