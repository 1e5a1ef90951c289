/** Change requests: the document and the body that adds changes to a draft. */
import { CHANGE_REQUEST_STATES } from '../records';
import { anyObject, dateTime, nullableString, num, str } from './primitives';

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
