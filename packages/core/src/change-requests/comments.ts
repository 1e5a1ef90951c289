/** A comment on a change request: ids unique per request (1, 2, ...), at most commentsPerRequest of them. */
import type { Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';
import type { ChangeRequestRecord } from '../base/change-request-records';
import { userOf } from './change-request-write';
import { limitExceeded } from '../base/limits';

/** Adds the comment to `cr` (a copy being changed); returns its id. `path`: where the text is in the body. */
export async function addComment(
  ctx: AdminContext,
  principal: Principal,
  cr: ChangeRequestRecord,
  text: string,
  path: string,
): Promise<number> {
  const limit = ctx.limits.commentsPerRequest;
  if (cr.comments.length >= limit) throw limitExceeded('commentsPerRequest', limit, 'Too many comments on this change request', path);
  const id = Math.max(0, ...cr.comments.map((c) => c.id)) + 1;
  const { id: _keyId, ...createdBy } = await userOf(principal);
  cr.comments.push({ id, text, createdBy, createdAt: ctx.now().toISOString() });
  return id;
}
