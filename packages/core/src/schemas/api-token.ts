/** API tokens: the token document and the create body. */
import { ADMIN_ROLES, KEY_TYPES } from '../base/records';
import { dateTime, int, nullableDateTime, str, strings } from './primitives';

export const apiTokenSchema = {
  $id: 'apiToken',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'tokenName', 'type', 'role', 'projects', 'project', 'environment', 'createdAt', 'expiresAt'],
  properties: {
    id: int,
    tokenName: str,
    type: { enum: KEY_TYPES },
    role: { type: ['string', 'null'] },
    projects: strings,
    project: str,
    environment: str,
    createdAt: dateTime,
    expiresAt: nullableDateTime,
    secret: str,
  },
} as const;

/** `GET /api/admin/api-tokens`: every key that is not deleted, expired ones included; never a secret. */
export const apiTokensSchema = {
  $id: 'apiTokens',
  type: 'object',
  additionalProperties: false,
  required: ['tokens'],
  properties: { tokens: { type: 'array', items: { $ref: 'apiToken' } } },
} as const;

/**
 * `GET /api/admin/user`: the calling key (Unleash's `user` object, then the key's role and scope), or the
 * signed-in person (Unleash's meSchema: the user, permissions, feedback, splash; then the same role and scope).
 */
export const currentKeySchema = {
  $id: 'currentKey',
  type: 'object',
  additionalProperties: false,
  required: ['user', 'role', 'projects', 'environments'],
  properties: {
    user: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'username', 'imageUrl', 'isAPI'],
          properties: { id: int, username: str, imageUrl: str, isAPI: { const: true } },
        },
        { $ref: 'user' },
      ],
    },
    role: { type: ['string', 'null'] },
    projects: strings,
    environments: strings,
    permissions: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['permission'], properties: { permission: str, project: str } },
    },
    feedback: { type: 'array', maxItems: 0 },
    splash: { type: 'object', additionalProperties: { type: 'boolean' } },
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
    expiresAt: { type: 'string', format: 'date-time', maxLength: 40 },
  },
} as const;

/** `PUT /api/admin/api-tokens/:token`: the new expiry (a future date-time, checked by the operation). */
export const updateApiTokenSchema = {
  $id: 'updateApiToken',
  type: 'object',
  additionalProperties: false,
  required: ['expiresAt'],
  properties: {
    expiresAt: { type: 'string', format: 'date-time', maxLength: 40 },
  },
} as const;

const PROJECT_KEY_TYPES = KEY_TYPES.filter((t) => t !== 'admin');

/** `POST /api/admin/projects/:projectId/api-tokens`: a client, backend or frontend key of the path's project. */
export const createProjectApiTokenSchema = {
  $id: 'createProjectApiToken',
  type: 'object',
  additionalProperties: false,
  required: ['tokenName', 'type'],
  properties: {
    tokenName: { type: 'string', minLength: 1, maxLength: 100 },
    type: { type: 'string', enum: [...PROJECT_KEY_TYPES, ...PROJECT_KEY_TYPES.map((t) => t.toUpperCase())] },
    environment: { type: 'string', minLength: 1 },
    expiresAt: { type: 'string', format: 'date-time', maxLength: 40 },
    project: { type: 'string', minLength: 1 },
    projects: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', minLength: 1 } },
  },
} as const;
