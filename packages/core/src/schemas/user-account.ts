/**
 * JSON Schemas of a person's own account (Unleash 8.2.0's profile, admin count, users-and-groups, reset
 * password and per-person permission schemas): what schemas/users.ts's people schemas do not cover.
 */
import { nullableString, password, role } from './users';

const none = { type: 'array', maxItems: 0 } as const;

/** `GET /api/admin/user/profile` (Unleash's profileSchema: no groups, features or subscriptions here). */
export const profileSchema = {
  $id: 'profile',
  type: 'object',
  additionalProperties: false,
  required: ['rootRole', 'projects', 'groups', 'features', 'subscriptions', 'canChangePassword'],
  properties: {
    rootRole: role,
    projects: { type: 'array', items: { type: 'string' } },
    groups: none,
    features: none,
    subscriptions: none,
    canChangePassword: { type: 'boolean' },
  },
} as const;

/** `GET /api/admin/user-admin/admin-count` (Unleash's adminCountSchema). */
export const adminCountSchema = {
  $id: 'adminCount',
  type: 'object',
  additionalProperties: false,
  required: ['password', 'noPassword', 'service'],
  properties: {
    password: { type: 'integer', minimum: 0 },
    noPassword: { type: 'integer', minimum: 0 },
    service: { type: 'integer', minimum: 0 },
  },
} as const;

/** `GET /api/admin/user-admin/access` (Unleash's usersGroupsBaseSchema: no groups here). */
export const usersGroupsBaseSchema = {
  $id: 'usersGroupsBase',
  type: 'object',
  additionalProperties: false,
  required: ['users', 'groups'],
  properties: {
    users: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'accountType'],
        properties: {
          id: { type: 'integer' },
          name: nullableString,
          username: nullableString,
          email: { type: 'string' },
          accountType: { type: 'string' },
        },
      },
    },
    groups: none,
  },
} as const;

/** `POST /api/admin/user-admin/reset-password` (Unleash's idSchema: the person's email, or here their username). */
export const resetPasswordRequestSchema = {
  $id: 'resetPasswordRequest',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 254 } },
} as const;

/** Its answer (Unleash's resetPasswordSchema): the one-time link. */
export const resetPasswordSchema = {
  $id: 'resetPassword',
  type: 'object',
  additionalProperties: false,
  required: ['resetPasswordUrl'],
  properties: { resetPasswordUrl: { type: 'string', format: 'uri' } },
} as const;

/** `GET /auth/reset/validate` (Unleash's tokenUserSchema). */
export const tokenUserSchema = {
  $id: 'tokenUser',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'email', 'token', 'createdBy', 'role'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    token: { type: 'string' },
    createdBy: nullableString,
    role,
  },
} as const;

/** `POST /auth/reset/password` (Unleash's changePasswordSchema). */
export const changePasswordByTokenSchema = {
  $id: 'changePasswordByToken',
  type: 'object',
  additionalProperties: false,
  required: ['token', 'password'],
  properties: { token: { type: 'string', maxLength: 200 }, password },
} as const;

const granted = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'displayName', 'type', 'hasPermission'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    displayName: { type: 'string' },
    type: { type: 'string' },
    environment: { type: 'string' },
    hasPermission: { type: 'boolean' },
  },
} as const;

/** `GET /api/admin/user-admin/:id/permissions` (Unleash's userAccessOverviewSchema: no project roles or groups here). */
export const userAccessOverviewSchema = {
  $id: 'userAccessOverview',
  type: 'object',
  additionalProperties: false,
  required: ['overview', 'user', 'rootRole', 'projectRoles'],
  properties: {
    overview: {
      type: 'object',
      additionalProperties: false,
      required: ['root', 'project', 'environment', 'groups'],
      properties: {
        root: { type: 'array', items: granted },
        project: { type: 'array', items: granted },
        environment: { type: 'array', items: granted },
        groups: none,
      },
    },
    user: { $ref: 'user' },
    rootRole: role,
    projectRoles: none,
  },
} as const;

export const USER_ACCOUNT_SCHEMAS = [
  profileSchema,
  adminCountSchema,
  usersGroupsBaseSchema,
  resetPasswordRequestSchema,
  resetPasswordSchema,
  tokenUserSchema,
  changePasswordByTokenSchema,
  userAccessOverviewSchema,
] as const;
