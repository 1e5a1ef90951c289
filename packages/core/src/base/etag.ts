/** Entity tags (RFC 9110): the features' strong ETags and the If-Match / If-None-Match checks. */

/** `"<version>"`: a strong ETag. */
export const etagOf = (version: number): string => `"${version}"`;

/** RFC 9110 If-Match: `*` or a list of strong entity tags; a weak tag never matches. */
export function ifMatchAccepts(header: string, etag: string): boolean {
  const value = header.trim();
  if (value === '*') return true;
  return value.split(',').some((tag) => tag.trim() === etag);
}

/** RFC 9110 If-None-Match with weak comparison: `*` or any listed tag equal to the ETag, ignoring `W/`. */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((t) => bare(t) === bare(etag));
}
