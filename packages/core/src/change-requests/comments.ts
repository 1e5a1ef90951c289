/** A comment on a change request: ids unique per request (1, 2, ...), at most commentsPerRequest of them. */
import type { Principal } from '../auth';
import type { AdminContext } from '../context';
import type { ChangeRequestRecord } from '../records';
import { userOf } from './change-request-write';
import { requireUnderLimit } from './limits';

/** Adds the comment to `cr` (a copy being changed); returns its id. `path`: where the text is in the body. */
export async function addComment(ctx: AdminContext, principal: Principal, cr: ChangeRequestRecord, text: string, path: string): Promise<number> {
  requireUnderLimit('commentsPerRequest', cr.comments.length + 1, path);
  const id = Math.max(0, ...cr.comments.map((c) => c.id)) + 1;
  const { id: _keyId, ...createdBy } = await userOf(principal);
  cr.comments.push({ id, text, createdBy, createdAt: ctx.now().toISOString() });
  return id;
}
