/**
 * The API token routes: Unleash's `/api/admin/api-tokens` (list, by name, create, change the expiry,
 * delete: ADMIN only), a project's tokens (`/api/admin/projects/:projectId/api-tokens`), and the calling key.
 */
import { requireAdmin, requireProjectApiTokens } from '../base/auth';
import { created, ok, type Route } from './route';

export const API_TOKEN_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/admin/user',
    summary: 'The calling admin key: its id and name (as change requests name people), role and scope',
    operationId: 'getMe',
    description:
      "Unleash's path and `user` object; then the key's `role` and the `projects` and `environments` it reaches. Never the secret.",
    auth: 'admin',
    response: { status: 200, schema: 'currentKey' },
    errors: [],
    run: async (admin, { principal }) => ok(await admin.getCurrentKey(principal)),
  },
  {
    method: 'GET',
    path: '/api/admin/api-tokens',
    summary: 'List the API tokens (never their secrets)',
    operationId: 'getAllApiTokens',
    auth: 'admin',
    response: { status: 200, schema: 'apiTokens' },
    errors: [],
    authorize: requireAdmin,
    run: async (admin, { principal }) => ok(await admin.listApiKeys(principal)),
  },
  {
    method: 'POST',
    path: '/api/admin/api-tokens',
    summary: 'Create an API token (the secret is returned once)',
    operationId: 'createApiToken',
    description: 'The secret is in this answer only (stored as its SHA-256). An optional `expiresAt` (a future date-time) ends the key.',
    auth: 'admin',
    request: 'createApiToken',
    response: { status: 201, schema: 'apiToken' },
    errors: [400, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, json }) => created(await admin.createApiKey(principal, { body: await json() })),
  },
  {
    method: 'DELETE',
    path: '/api/admin/api-tokens/:token',
    summary: 'Delete an API token, named by its id or its secret: its next request is a 401',
    operationId: 'deleteApiToken',
    description:
      'The key is revoked for good: its next request is a 401, also after a restart with the same start-up keys. ' +
      'Writes an api-token-deleted event without the secret. Naming a key by its id keeps the secret out of URLs and access logs.',
    auth: 'admin',
    response: { status: 200 },
    errors: [404],
    authorize: requireAdmin,
    run: async (admin, { principal, params }) => {
      await admin.deleteApiKey(principal, { token: params['token']! });
      return { status: 200, body: null };
    },
  },
  {
    method: 'GET',
    // Unleash calls this segment `:name`; one name for GET, PUT and DELETE keeps the OpenAPI paths unambiguous.
    path: '/api/admin/api-tokens/:token',
    summary: 'List the API tokens of one name (never their secrets)',
    operationId: 'getApiTokensByName',
    description:
      "The path segment is the tokens' name (Unleash's `{name}`). Names are not unique: a list, empty when no token has the name. " +
      'How a tool that created a token finds it again (by its name, then its id); the secret is only ever in the create answer.',
    auth: 'admin',
    response: { status: 200, schema: 'apiTokens' },
    errors: [],
    authorize: requireAdmin,
    run: async (admin, { principal, params }) => ok(await admin.listApiKeysByName(principal, { name: params['token']! })),
  },
  {
    method: 'PUT',
    path: '/api/admin/api-tokens/:token',
    summary: "Change an API token's expiry, the token named by its id or its secret",
    operationId: 'updateApiToken',
    description:
      '`{expiresAt}`: a future date-time (else 400). Writes an api-token-updated event without the secret; the same expiry ' +
      'again writes none. 200 without a body, as Unleash answers; an unknown or deleted token is a 404 (Unleash answers 200 and does nothing).',
    auth: 'admin',
    request: 'updateApiToken',
    response: { status: 200 },
    errors: [400, 404, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, params, json }) => {
      await admin.updateApiKey(principal, { token: params['token']!, body: await json() });
      return { status: 200, body: null };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/projects/:projectId/api-tokens',
    summary: "A project's API tokens (never their secrets)",
    operationId: 'getProjectApiTokens',
    description:
      'The client, backend and frontend tokens whose projects name this project. READ_PROJECT_API_TOKEN: editor or admin keys with the project in scope.',
    auth: 'admin',
    response: { status: 200, schema: 'apiTokens' },
    errors: [404],
    run: async (admin, { principal, params }) => ok(await admin.listProjectApiKeys(principal, { projectId: params['projectId']! })),
  },
  {
    method: 'POST',
    path: '/api/admin/projects/:projectId/api-tokens',
    summary: 'Create an API token of this project (the secret is returned once)',
    operationId: 'createProjectApiToken',
    description:
      "A client, backend or frontend token of the path's project. CREATE_PROJECT_API_TOKEN: editor or admin keys with the project in scope. " +
      'The secret is in this answer only; an optional `expiresAt` (a future date-time) ends the key.',
    auth: 'admin',
    request: 'createProjectApiToken',
    response: { status: 201, schema: 'apiToken' },
    errors: [400, 404, 413, 415],
    authorize: (principal, params) => requireProjectApiTokens(principal, params['projectId']!, 'CREATE_PROJECT_API_TOKEN'),
    run: async (admin, { principal, params, json }) =>
      created(await admin.createProjectApiKey(principal, { projectId: params['projectId']!, body: await json() })),
  },
  {
    method: 'DELETE',
    path: '/api/admin/projects/:projectId/api-tokens/:token',
    summary: 'Delete an API token of this project, named by its id or its secret',
    operationId: 'deleteProjectApiToken',
    description:
      'DELETE_PROJECT_API_TOKEN: editor or admin keys with the project in scope. Revoked for good, with an api-token-deleted event without the secret. ' +
      "A token that is not the project's is a 404; one of this project and others a 400, as Unleash answers.",
    auth: 'admin',
    response: { status: 200 },
    errors: [400, 404],
    authorize: (principal, params) => requireProjectApiTokens(principal, params['projectId']!, 'DELETE_PROJECT_API_TOKEN'),
    run: async (admin, { principal, params }) => {
      await admin.deleteProjectApiKey(principal, { projectId: params['projectId']!, token: params['token']! });
      return { status: 200, body: null };
    },
  },
];
