/** The API token routes (Unleash's `/api/admin/api-tokens`): create, list, delete (ADMIN only); and the calling key. */
import { requireAdmin } from '../base/auth';
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
];
