/** Shapes every route shares: the error body and the health answer. */
import { str } from './primitives';

export const errorSchema = {
  $id: 'error',
  type: 'object',
  required: ['id', 'name', 'message'],
  properties: {
    id: str,
    name: str,
    message: str,
    details: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message'],
        properties: { message: str, path: str, permission: str, project: str, environment: str },
      },
    },
    permissions: { type: 'array', items: str },
    conflicts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['changeId', 'kind', 'message'],
        properties: { changeId: { type: 'number' }, feature: { type: ['string', 'null'] }, kind: str, message: str },
      },
    },
  },
} as const;

export const healthSchema = {
  $id: 'health',
  type: 'object',
  required: ['health'],
  properties: { health: { const: 'GOOD' } },
} as const;
