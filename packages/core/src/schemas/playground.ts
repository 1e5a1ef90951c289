/** The playground: which flags are on for a context, and why, in one or several environments. */
import { anyObject, bool, int, str, strings } from './primitives';
import { sdkContextSchema } from './frontend';
import { constraintSchema, variantSchema } from './feature';

const projects = { anyOf: [{ type: 'array', maxItems: 1000, items: str }, { const: '*' }] } as const;
/** The playground's context: appName is required, as Unleash's `sdkContextSchema`. */
const context = {
  ...sdkContextSchema,
  required: ['appName'],
  properties: { ...sdkContextSchema.properties, appName: { type: 'string', minLength: 1 } },
} as const;

export const playgroundRequestSchema = {
  $id: 'playgroundRequest',
  type: 'object',
  required: ['environment', 'context'],
  properties: { environment: { type: 'string', minLength: 1 }, projects, context },
} as const;

export const advancedPlaygroundRequestSchema = {
  $id: 'advancedPlaygroundRequest',
  type: 'object',
  required: ['environments', 'context'],
  properties: {
    environments: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string', minLength: 1, pattern: '^[a-zA-Z0-9~_.-]+$' } },
    projects,
    context: { ...context, properties: { ...context.properties, properties: anyObject } },
  },
} as const;

const evaluatedConstraint = {
  type: 'object',
  required: [...constraintSchema.required, 'result'],
  properties: { ...constraintSchema.properties, result: bool },
} as const;
const shownVariant = {
  type: ['object', 'null'],
  required: ['name', 'enabled'],
  properties: { name: str, enabled: bool, payload: anyObject, feature_enabled: bool },
} as const;

/** One strategy as evaluated: its result, each constraint's and each segment's. */
const playgroundStrategy = {
  type: 'object',
  required: ['id', 'name', 'result', 'segments', 'constraints', 'parameters', 'disabled', 'links'],
  properties: {
    id: str,
    name: str,
    title: str,
    disabled: bool,
    parameters: { type: 'object', additionalProperties: str },
    constraints: { type: 'array', items: evaluatedConstraint },
    segments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'result', 'constraints'],
        properties: { id: int, name: str, result: bool, constraints: { type: 'array', items: evaluatedConstraint } },
      },
    },
    result: {
      type: 'object',
      required: ['evaluationStatus', 'enabled'],
      properties: {
        evaluationStatus: { enum: ['complete', 'incomplete', 'unevaluated'] },
        enabled: { anyOf: [bool, { const: 'unknown' }] },
        variant: shownVariant,
        variants: { type: 'array', items: variantSchema },
      },
    },
    links: { type: 'object', required: ['edit'], properties: { edit: str } },
  },
} as const;

const evaluatedFeature = {
  name: str,
  projectId: str,
  isEnabled: bool,
  isEnabledInCurrentEnvironment: bool,
  hasUnsatisfiedDependency: bool,
  strategies: {
    type: 'object',
    required: ['result', 'data'],
    properties: { result: { anyOf: [bool, { const: 'unknown' }] }, data: { type: 'array', items: playgroundStrategy } },
  },
  variant: shownVariant,
  variants: { type: 'array', items: variantSchema },
} as const;
const featureRequired = ['name', 'projectId', 'isEnabled', 'isEnabledInCurrentEnvironment', 'variant', 'variants', 'strategies'] as const;

export const playgroundResponseSchema = {
  $id: 'playgroundResponse',
  type: 'object',
  required: ['input', 'features'],
  properties: {
    input: anyObject,
    features: { type: 'array', items: { type: 'object', required: featureRequired, properties: evaluatedFeature } },
  },
} as const;

export const advancedPlaygroundResponseSchema = {
  $id: 'advancedPlaygroundResponse',
  type: 'object',
  required: ['input', 'features'],
  properties: {
    input: anyObject,
    features: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'projectId', 'environments'],
        properties: {
          name: str,
          projectId: str,
          environments: {
            type: 'object',
            additionalProperties: {
              type: 'array',
              items: {
                type: 'object',
                required: [...featureRequired, 'environment', 'context'],
                properties: { ...evaluatedFeature, environment: str, context: anyObject },
              },
            },
          },
        },
      },
    },
    warnings: { type: 'object', properties: { invalidContextProperties: strings } },
  },
} as const;

export const PLAYGROUND_SCHEMAS = [
  playgroundRequestSchema,
  advancedPlaygroundRequestSchema,
  playgroundResponseSchema,
  advancedPlaygroundResponseSchema,
] as const;
