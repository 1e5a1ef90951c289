/** Sign-in with a password and sign-out (Unleash's `/auth/simple/login` and `/logout`), setting and clearing the session cookie. */
import { cameOverHttps, sessionCookieHeader, sessionIdFromCookies } from '../base/session-cookie';
import { ok, type Route, type RouteInput } from './route';

const secure = (input: RouteInput): boolean => cameOverHttps(input.url ?? '', input.headers);

export const AUTH_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/auth/simple/login',
    summary: 'Sign in with a username (or email) and password: the person, and a session cookie',
    operationId: 'login',
    description:
      'Sets `flagadmin-session` (HttpOnly, SameSite=Lax, Secure over https). A wrong password or unknown name: 401; after 5 failures in a row, 429 for 15 minutes. From one address, 10 sign-ins in a row and 10 more a minute; beyond, 429 with Retry-After.',
    auth: 'none',
    request: 'login',
    response: { status: 200, schema: 'user' },
    errors: [400, 401, 413, 415, 429],
    async run(admin, input) {
      const address = admin.context.people.addressOf(input.remoteAddress, input.headers.get('x-forwarded-for'));
      const { user, sessionId, expiresAt } = await admin.login(input.principal, { body: await input.json(), address });
      const cookie = sessionCookieHeader({ sessionId, expiresAt, secure: secure(input), now: admin.context.now() });
      return { status: 200, body: user, headers: { 'set-cookie': cookie, 'cache-control': 'no-store' } };
    },
  },
  {
    method: 'POST',
    path: '/logout',
    summary: 'Sign out: the session ends and its cookie is cleared',
    operationId: 'logout',
    description:
      'A request that accepts JSON gets 204; any other (a browser posting a form, as Unleash’s page does) is redirected (302) to `/signed-out`, as Unleash answers.',
    auth: 'none',
    response: { status: 204 },
    errors: [],
    async run(admin, input) {
      await admin.logout(input.principal, { sessionId: sessionIdFromCookies(input.headers.get('cookie')) });
      const headers = { 'set-cookie': sessionCookieHeader({ clear: true, secure: secure(input) }), 'cache-control': 'no-store' };
      if (input.headers.get('accept')?.includes('application/json')) return { status: 204, body: null, headers };
      return { status: 302, body: null, headers: { ...headers, location: '/signed-out' } };
    },
  },
  {
    method: 'GET',
    path: '/auth/reset/validate',
    summary: 'The person a password reset link is for, while it works',
    operationId: 'validateToken',
    auth: 'none',
    query: [{ name: 'token', description: 'The token of the reset link.' }],
    response: { status: 200, schema: 'tokenUser' },
    errors: [401],
    run: async (admin, { principal, query }) => ({
      ...ok(await admin.validateResetToken(principal, { token: query.get('token') })),
      headers: { 'cache-control': 'no-store' },
    }),
  },
  {
    method: 'POST',
    path: '/auth/reset/password',
    summary: 'Set a new password with a reset link’s token: the link is used up and the person’s sessions end',
    operationId: 'changePassword',
    auth: 'none',
    request: 'changePasswordByToken',
    response: { status: 200 },
    errors: [400, 401, 413, 415],
    run: async (admin, { principal, json }) => (
      await admin.changePasswordByToken(principal, { body: await json() }), { status: 200, body: null }
    ),
  },
];
