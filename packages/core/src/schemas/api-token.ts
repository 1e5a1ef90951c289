/** API tokens: the token document and the create body. */
import { ADMIN_ROLES, KEY_TYPES } from '../records';
import { dateTime, int, str, strings } from './primitives';

export const apiTokenSchema = {
  $id: 'apiToken',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'tokenName', 'type', 'role', 'projects', 'project', 'environment', 'createdAt'],
  properties: {
    id: int,
    tokenName: str,
    type: { enum: KEY_TYPES },
    role: { type: ['string', 'null'] },
    projects: strings,
    project: str,
    environment: str,
    createdAt: dateTime,
    secret: str,
  },
} as const;

export const createApiTokenSchema = {
  $id: 'createApiToken',
  type: 'object',
  additionalProperties: false,
  required: ['tokenName', 'type'],
  properties: {
    tokenName: { type: 'string', minLength: 1, maxLength: 100 },
    type: { type: 'string', enum: [...KEY_TYPES, ...KEY_TYPES.map((t) => t.toUpperCase())] },
    role: { enum: ADMIN_ROLES },
    projects: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', minLength: 1 } },
    project: { type: 'string', minLength: 1 },
    environment: { type: 'string', minLength: 1 },
  },
} as const;
