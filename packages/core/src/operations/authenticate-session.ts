import { AdminError } from '../base/errors';
import type { AdminContext } from '../runtime/context';
import { sessionUser, userPrincipal } from '../runtime/people';
import type { Authenticated } from './authenticate';

/**
 * The person of a session id (the `flagadmin-session` cookie) and the revision it was read at; 401 when
 * the session is unknown, expired, or ended (the person deleted, or their role, scope or password changed).
 */
export async function authenticateSession(ctx: AdminContext, sessionId: string): Promise<Authenticated> {
  const found = await ctx.read(async (tx) => ({
    user: await sessionUser(tx, sessionId, ctx.now().getTime()),
    revision: await tx.revision(),
  }));
  if (!found.user) throw new AdminError('AuthenticationRequired', 'Your session has ended or is not valid: sign in again.');
  return { principal: userPrincipal(found.user), revision: found.revision };
}
