/** Authentication by the session cookie, for requests without `Authorization`, with the cross-site rule for writes. */
import { AdminError } from '../base/errors';
import { crossSiteProblem, sessionIdFromCookies } from '../base/session-cookie';
import { NOTIFIED_READ } from '../base/storage';
import { authenticateAt, type Authenticated } from '../operations/authenticate';
import { authenticateSession } from '../operations/authenticate-session';
import type { AdminContext } from '../runtime/context';
import type { PlainRequest } from './plain';
import type { Route } from './route';

/**
 * The person of the request's session cookie, or undefined when the request carries `Authorization` (a key
 * or a personal access token decides) or no session cookie. A write from another origin is a 403 before
 * the session is even read.
 */
export async function authenticateBySession(ctx: AdminContext, request: PlainRequest): Promise<Authenticated | undefined> {
  if (request.headers.get('authorization') !== null) return undefined;
  const sessionId = sessionIdFromCookies(request.headers.get('cookie'));
  if (sessionId === undefined) return undefined;
  const problem = crossSiteProblem(request.method, request.url, request.headers, ctx.people.trustedOrigins);
  if (problem) throw new AdminError('NoAccessError', problem);
  return authenticateSession(ctx, sessionId);
}

/**
 * The request's principal: by its session cookie, else by its `Authorization` (SDK-facing routes read at
 * NOTIFIED_READ). A 401 of the admin API to a request without `Authorization` (what a page sees, signed
 * out or with an ended session) says how to sign in, as Unleash's AuthenticationRequired does: `type` and
 * `path` of the password form, `defaultHidden`, and `options`, the host's other ways (single sign-on).
 */
export async function authenticateRequest(ctx: AdminContext, request: PlainRequest, auth: Route['auth']): Promise<Authenticated> {
  const header = request.headers.get('authorization');
  try {
    return (await authenticateBySession(ctx, request)) ?? (await authenticateAt(ctx, header, auth === 'admin' ? undefined : NOTIFIED_READ));
  } catch (error) {
    if (!(error instanceof AdminError) || error.name !== 'AuthenticationRequired' || header !== null || auth !== 'admin') throw error;
    const { path, options: ways } = ctx.people.signIn;
    const message =
      sessionIdFromCookies(request.headers.get('cookie')) === undefined
        ? `You must sign in: your request had no session and no Authorization header. Sign in at ${path}, or send an API key or personal access token in Authorization.`
        : error.message;
    throw new AdminError('AuthenticationRequired', message, {
      ...(error.headers ? { headers: error.headers } : {}),
      signIn: { type: 'password', path, defaultHidden: false, options: ways.map((way) => ({ ...way })) },
    });
  }
}
