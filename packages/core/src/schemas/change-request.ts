/** Change requests: the document and the body that adds changes to a draft. */
import { CHANGE_REQUEST_STATES } from '../base/records';
import { anyObject, bool, dateTime, int, nullableString, num, str } from './primitives';

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
    segments: {
      type: 'array',
      items: { ...changeSchema, required: [...changeSchema.required, 'name'], properties: { ...changeSchema.properties, name: str } },
    },
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
    schedule: {
      type: 'object',
      required: ['scheduledAt', 'status'],
      properties: { scheduledAt: dateTime, status: { enum: ['pending', 'failed'] }, reason: str },
    },
  },
} as const;

export const changeRequestListSchema = { $id: 'changeRequests', type: 'array', items: { $ref: 'changeRequest' } } as const;

export const FEATURE_CHANGE_ACTIONS = [
  'updateEnabled',
  'addStrategy',
  'updateStrategy',
  'deleteStrategy',
  'patchVariant',
  'reorderStrategy',
  'archiveFeature',
  'addDependency',
  'deleteDependency',
] as const;
export const SEGMENT_CHANGE_ACTIONS = ['updateSegment', 'deleteSegment'] as const;
export const CHANGE_ACTIONS = [...FEATURE_CHANGE_ACTIONS, ...SEGMENT_CHANGE_ACTIONS] as const;

/** A feature change names its feature; a segment change names none (its payload names the segment). */
const changeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['action', 'payload'],
  properties: { feature: { type: ['string', 'null'] }, action: { enum: CHANGE_ACTIONS }, payload: { type: ['object', 'array'] } },
} as const;

/**
 * `PUT .../change-requests/:id/changes/:changeId`: the change's new action and payload (same feature).
 * `feature` may come too, as Unleash's UI sends the body it adds a change with; the operation checks it
 * names the change's own feature (null for a segment change).
 */
export const changeRequestChangeEditSchema = {
  $id: 'changeRequestChangeEdit',
  type: 'object',
  additionalProperties: false,
  required: ['action', 'payload'],
  properties: { feature: { type: ['string', 'null'] }, action: { enum: CHANGE_ACTIONS }, payload: { type: ['object', 'array'] } },
} as const;

export const changeRequestStateBodySchema = {
  $id: 'changeRequestStateBody',
  type: 'object',
  additionalProperties: false,
  required: ['state'],
  properties: {
    state: { enum: CHANGE_REQUEST_STATES },
    comment: { type: 'string', minLength: 1, maxLength: 10_000 },
    scheduledAt: dateTime,
    force: bool,
  },
} as const;

export const changeRequestCommentBodySchema = {
  $id: 'changeRequestCommentBody',
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1, maxLength: 10_000 } },
} as const;

export const changeRequestTitleBodySchema = {
  $id: 'changeRequestTitleBody',
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 255 } },
} as const;

export const changeRequestConfigBodySchema = {
  $id: 'changeRequestConfigBody',
  type: 'object',
  additionalProperties: false,
  required: ['changeRequestsEnabled'],
  properties: { changeRequestsEnabled: bool, requiredApprovals: { type: 'integer', minimum: 1, maximum: 10 } },
} as const;

export const changeRequestConfigSchema = {
  $id: 'changeRequestConfig',
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['environment', 'type', 'changeRequestEnabled', 'requiredApprovals'],
    properties: { environment: str, type: str, changeRequestEnabled: bool, requiredApprovals: int },
  },
} as const;

/** The small payloads of change actions; strategy, variant, dependency and segment bodies use their own schemas. */
export const updateEnabledPayloadSchema = {
  $id: 'updateEnabledPayload',
  type: 'object',
  additionalProperties: false,
  required: ['enabled'],
  properties: { enabled: bool },
} as const;
export const strategyRefPayloadSchema = {
  $id: 'strategyRefPayload',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
export const variantsPayloadSchema = {
  $id: 'variantsPayload',
  type: 'object',
  additionalProperties: false,
  required: ['variants'],
  properties: { variants: { type: 'array' } },
} as const;
export const emptyPayloadSchema = { $id: 'emptyPayload', type: 'object', additionalProperties: false, properties: {} } as const;
export const dependencyRefPayloadSchema = {
  $id: 'dependencyRefPayload',
  type: 'object',
  additionalProperties: false,
  required: ['feature'],
  properties: { feature: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
export const segmentRefPayloadSchema = {
  $id: 'segmentRefPayload',
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

export const CHANGE_REQUEST_SCHEMAS = [
  changeRequestSchema,
  changeRequestListSchema,
  changeRequestChangeEditSchema,
  changeRequestStateBodySchema,
  changeRequestCommentBodySchema,
  changeRequestTitleBodySchema,
  changeRequestConfigBodySchema,
  changeRequestConfigSchema,
] as const;

/**
 * Payload schemas checked per action once the body is read (so an error names the change's path); the
 * published body schema says `payload` is an object or an array, and the README lists each action's payload.
 */
export const CHANGE_PAYLOAD_SCHEMAS = [
  updateEnabledPayloadSchema,
  strategyRefPayloadSchema,
  variantsPayloadSchema,
  emptyPayloadSchema,
  dependencyRefPayloadSchema,
  segmentRefPayloadSchema,
] as const;

export const changeRequestChangesSchema = {
  $id: 'changeRequestChanges',
  oneOf: [changeBody, { type: 'array', minItems: 1, maxItems: 100, items: changeBody }],
} as const;
