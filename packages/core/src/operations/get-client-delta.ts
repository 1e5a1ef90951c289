import { requireClientKey, type Principal } from '../base/auth';
import type { AdminContext } from '../runtime/context';

/** Unleash's delta ETag: the revision in quotes. */
const revisionTag = (eventId: number): string => `"${eventId}"`;

/** The revision an If-None-Match names (`"12"`, `W/"12"`), if it names one. */
export function revisionOf(ifNoneMatch: string | null | undefined): number | undefined {
  const tag = /^\s*(?:W\/)?"?(\d{1,15})"?\s*(?:,|$)/.exec(ifNoneMatch ?? '');
  return tag ? Number(tag[1]) : undefined;
}

export type ClientDeltaResult = { changed: false; etag: string } | { changed: true; etag: string; json: string };

/**
 * `GET /api/client/delta` (unleash-client's `experimentalMode: {type: 'polling', format: 'delta'}`):
 * with no revision or one too old, a hydration (every feature and used segment); with a recent one, the
 * events since it; with the current one, nothing (304). The revision travels as the ETag.
 */
export async function getClientDelta(
  ctx: AdminContext,
  principal: Principal,
  input: { project?: readonly string[]; namePrefix?: string | null; ifNoneMatch?: string | null } = {},
): Promise<ClientDeltaResult> {
  requireClientKey(principal);
  const feed = await ctx.streams.feed(principal, { project: input.project ?? [], namePrefix: input.namePrefix ?? '' });
  const answer = feed.since(revisionOf(input.ifNoneMatch));
  if (!answer) return { changed: false, etag: revisionTag(feed.eventId) };
  return { changed: true, etag: revisionTag(answer.eventId), json: answer.json };
}
