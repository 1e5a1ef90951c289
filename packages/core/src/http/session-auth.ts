/** Authentication by the session cookie, for requests without `Authorization`, with the cross-site rule for writes. */
import { AdminError } from '../base/errors';
import { crossSiteProblem, sessionIdFromCookies } from '../base/session-cookie';
import type { Authenticated } from '../operations/authenticate';
import { authenticateSession } from '../operations/authenticate-session';
import type { AdminContext } from '../runtime/context';
import type { PlainRequest } from './plain';

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
