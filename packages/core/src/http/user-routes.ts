/** Routes of people: Unleash 8.2.0's user admin (`/api/admin/user-admin`) and personal access tokens (`/api/admin/user/tokens`). */
import { requireAdmin } from '../base/auth';
import { sessionIdFromCookies } from '../base/session-cookie';
import { created, ok, type Route } from './route';

const USERS = '/api/admin/user-admin';
const TOKENS = '/api/admin/user/tokens';
const empty = { status: 200, body: null } as const;

export const USER_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: USERS,
    summary: 'Every person and the root roles',
    operationId: 'getUsers',
    auth: 'admin',
    response: { status: 200, schema: 'users' },
    errors: [],
    authorize: requireAdmin,
    run: async (admin, { principal }) => ok(await admin.getUsers(principal)),
  },
  {
    method: 'POST',
    path: USERS,
    summary: 'Create a person with a root role (and a password, stored as its hash)',
    operationId: 'createUser',
    auth: 'admin',
    request: 'createUser',
    response: { status: 201, schema: 'user' },
    errors: [400, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, json }) => {
      const user = await admin.createUser(principal, { body: await json() });
      return { ...created(user), headers: { location: String(user.id) } };
    },
  },
  {
    method: 'GET',
    path: `${USERS}/search`,
    summary: 'People whose name, username or email contains q (2 characters or more)',
    operationId: 'searchUsers',
    auth: 'admin',
    query: [{ name: 'q', description: 'The text looked for (any case).' }],
    response: { status: 200, schema: 'usersSearch' },
    errors: [],
    run: async (admin, { principal, query }) => ok(await admin.searchUsers(principal, { q: query.get('q') })),
  },
  {
    method: 'POST',
    path: `${USERS}/validate-password`,
    summary: 'Whether a password meets the policy (400 naming each rule it fails)',
    operationId: 'validateUserPassword',
    auth: 'admin',
    request: 'passwordBody',
    response: { status: 200 },
    errors: [400, 413, 415],
    run: async (admin, { principal, json }) => (await admin.validateUserPassword(principal, { body: await json() }), empty),
  },
  {
    method: 'GET',
    path: `${USERS}/:id`,
    summary: 'One person',
    operationId: 'getUser',
    auth: 'admin',
    response: { status: 200, schema: 'user' },
    errors: [404],
    authorize: requireAdmin,
    run: async (admin, { principal, params }) => ok(await admin.getUser(principal, { id: params['id']! })),
  },
  {
    method: 'PUT',
    path: `${USERS}/:id`,
    summary: "Change a person's name, email, root role or scope (a new role ends their sessions)",
    operationId: 'updateUser',
    auth: 'admin',
    request: 'updateUser',
    response: { status: 200, schema: 'user' },
    errors: [400, 404, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, params, json }) => ok(await admin.updateUser(principal, { id: params['id']!, body: await json() })),
  },
  {
    method: 'DELETE',
    path: `${USERS}/:id`,
    summary: 'Delete a person: their sessions and personal access tokens end at once',
    operationId: 'deleteUser',
    auth: 'admin',
    response: { status: 200 },
    errors: [404],
    authorize: requireAdmin,
    run: async (admin, { principal, params }) => (await admin.deleteUser(principal, { id: params['id']! }), empty),
  },
  {
    method: 'POST',
    path: `${USERS}/:id/change-password`,
    summary: "Set a person's password (their sessions end)",
    operationId: 'changeUserPassword',
    auth: 'admin',
    request: 'passwordBody',
    response: { status: 200 },
    errors: [400, 404, 413, 415],
    authorize: requireAdmin,
    run: async (admin, { principal, params, json }) => (
      await admin.changeUserPassword(principal, { id: params['id']!, body: await json() }), empty
    ),
  },
  {
    method: 'GET',
    path: TOKENS,
    summary: "The signed-in person's personal access tokens (never their secrets)",
    operationId: 'getPats',
    auth: 'admin',
    response: { status: 200, schema: 'pats' },
    errors: [],
    run: async (admin, { principal }) => ok(await admin.getPats(principal)),
  },
  {
    method: 'POST',
    path: TOKENS,
    summary: 'Create a personal access token (the secret is returned once)',
    operationId: 'createPat',
    auth: 'admin',
    request: 'createPat',
    response: { status: 201, schema: 'pat' },
    errors: [400, 409, 413, 415],
    run: async (admin, { principal, json }) => created(await admin.createPat(principal, { body: await json() })),
  },
  {
    method: 'POST',
    path: '/api/admin/user/change-password',
    summary: 'Change your own password (the old one, the new one twice): your other sessions end, this one stays',
    operationId: 'changeMyPassword',
    auth: 'admin',
    request: 'passwordBody',
    response: { status: 200 },
    errors: [400, 409, 413, 415],
    async run(admin, { principal, json, headers }) {
      const keep = sessionIdFromCookies(headers.get('cookie'));
      await admin.changeMyPassword(principal, { body: await json(), ...(keep === undefined ? {} : { keepSessionId: keep }) });
      return empty;
    },
  },
  {
    method: 'DELETE',
    path: `${TOKENS}/:id`,
    summary: 'Delete one of your personal access tokens: refused from the next request',
    operationId: 'deletePat',
    auth: 'admin',
    response: { status: 200 },
    errors: [],
    run: async (admin, { principal, params }) => (await admin.deletePat(principal, { id: params['id']! }), empty),
  },
];
