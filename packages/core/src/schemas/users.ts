/**
 * JSON Schemas of people (Unleash 8.2.0's user-admin, login and personal access token schemas): bodies
 * and answers. Passwords are bounded here (1,000 characters) so no body makes the hasher work long.
 */

const rootRole = {
  oneOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', enum: ['Admin', 'Editor', 'Viewer', 'Owner', 'Member', 'Reader'] },
  ],
} as const;
const scope = { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 100 } } as const;
export const password = { type: 'string', maxLength: 1000 } as const;

/** `POST /api/admin/user-admin` (Unleash's createUserSchema; `projects` and `environments` are flagadmin's scope). */
export const createUserSchema = {
  $id: 'createUser',
  type: 'object',
  additionalProperties: false,
  required: ['rootRole'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    email: { type: 'string', minLength: 3, maxLength: 254 },
    name: { type: 'string', maxLength: 200 },
    password,
    rootRole,
    sendEmail: { type: 'boolean' },
    projects: scope,
    environments: scope,
  },
} as const;

/** `PUT /api/admin/user-admin/:id` (Unleash's updateUserSchema). */
export const updateUserSchema = {
  $id: 'updateUser',
  type: 'object',
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254 },
    name: { type: 'string', maxLength: 200 },
    rootRole,
    projects: scope,
    environments: scope,
  },
} as const;

/** `POST .../validate-password` and `.../:id/change-password` (Unleash's passwordSchema). */
export const passwordBodySchema = {
  $id: 'passwordBody',
  type: 'object',
  additionalProperties: false,
  required: ['password'],
  properties: { password, oldPassword: password, confirmPassword: password },
} as const;

/** `POST /auth/simple/login` (Unleash's loginSchema). */
export const loginSchema = {
  $id: 'login',
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: { username: { type: 'string', maxLength: 254 }, password },
} as const;

export const nullableString = { type: ['string', 'null'] } as const;

/** A person as answered (Unleash's userSchema, plus flagadmin's scope when it is not everything). */
export const userSchema = {
  $id: 'user',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'rootRole'],
  properties: {
    id: { type: 'integer' },
    name: nullableString,
    email: { type: 'string' },
    username: nullableString,
    imageUrl: { type: 'string' },
    inviteLink: { type: 'string' },
    loginAttempts: { type: 'integer', minimum: 0 },
    emailSent: { type: 'boolean' },
    rootRole: { type: 'integer', minimum: 0 },
    seenAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
    accountType: { type: 'string' },
    projects: { type: 'array', items: { type: 'string' } },
    environments: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A root role as the API answers it (Unleash's roleSchema): the user list's `rootRoles`, a profile's and a reset link's role. */
export const role = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'name'],
  properties: { id: { type: 'integer', minimum: 0 }, type: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' } },
} as const;

/** `GET /api/admin/user-admin` (Unleash's usersSchema). */
export const usersSchema = {
  $id: 'users',
  type: 'object',
  additionalProperties: false,
  required: ['users', 'rootRoles'],
  properties: {
    users: { type: 'array', items: { $ref: 'user' } },
    rootRoles: { type: 'array', items: role },
  },
} as const;

/** `GET /api/admin/user-admin/search` (Unleash's usersSearchSchema). */
export const usersSearchSchema = { $id: 'usersSearch', type: 'array', items: { $ref: 'user' } } as const;

/** `POST /api/admin/user/tokens` (Unleash's createPatSchema; `expiresAt` may be left out: no expiry). */
export const createPatSchema = {
  $id: 'createPat',
  type: 'object',
  additionalProperties: false,
  required: ['description'],
  properties: {
    description: { type: 'string', minLength: 1, maxLength: 255 },
    expiresAt: { type: 'string', format: 'date-time', maxLength: 40 },
  },
} as const;

/** A personal access token as answered (Unleash's patSchema); `secret` only when it is created. */
export const patSchema = {
  $id: 'pat',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'createdAt', 'description'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    secret: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    seenAt: { type: ['string', 'null'], format: 'date-time' },
    userId: { type: 'integer' },
    description: { type: 'string' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** `GET /api/admin/user/tokens` (Unleash's patsSchema). */
export const patsSchema = {
  $id: 'pats',
  type: 'object',
  additionalProperties: false,
  required: ['pats'],
  properties: { pats: { type: 'array', items: { $ref: 'pat' } } },
} as const;

export const USER_SCHEMAS = [
  createUserSchema,
  updateUserSchema,
  passwordBodySchema,
  loginSchema,
  userSchema,
  usersSchema,
  usersSearchSchema,
  createPatSchema,
  patSchema,
  patsSchema,
] as const;
