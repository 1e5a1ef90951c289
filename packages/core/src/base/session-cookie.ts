/**
 * The session cookie and the cross-site rule for requests it authenticates: pure functions over header
 * values, so any host (the bin's single sign-on callback too) builds the same cookie.
 */

/** The cookie carrying a person's session id. */
export const SESSION_COOKIE = 'flagadmin-session';

/**
 * The `Set-Cookie` value for a session (`HttpOnly; SameSite=Lax; Path=/`, `Secure` when asked, `Max-Age`
 * until `expiresAt`), or, with `clear`, the one that removes it.
 */
export function sessionCookieHeader(
  input: { sessionId: string; expiresAt: string | Date; secure: boolean; now?: Date } | { clear: true; secure: boolean },
): string {
  const secure = input.secure ? '; Secure' : '';
  if ('clear' in input) return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
  const until = new Date(input.expiresAt).getTime();
  const maxAge = Math.max(0, Math.floor((until - (input.now ?? new Date()).getTime()) / 1000));
  return `${SESSION_COOKIE}=${input.sessionId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** The session id in a `Cookie` header, when it has one of the shape sessions are given (64 hex). */
export function sessionIdFromCookies(header: string | null | undefined): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    if (/^[0-9a-f]{64}$/.test(value)) return value;
  }
  return undefined;
}

/** Reads request headers (a WHATWG `Headers` fits). */
interface Headers {
  get(name: string): string | null;
}

/** Whether the request came over https: its URL, or the first `X-Forwarded-Proto` a proxy set. */
export function cameOverHttps(url: string, headers: Headers): boolean {
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded) return forwarded === 'https';
  return url.startsWith('https:');
}

/** The request's own origin (`https://host:port`), from its scheme and `Host`; undefined when unknown. */
export function ownOrigin(url: string, headers: Headers): string | undefined {
  let host = headers.get('host') ?? undefined;
  if (!host && /^https?:\/\//i.test(url)) host = new URL(url).host;
  if (!host) return undefined;
  return `${cameOverHttps(url, headers) ? 'https' : 'http'}://${host.toLowerCase()}`;
}

/** The origin a browser says a request comes from: `Origin`, else the origin of `Referer`. */
function claimedOrigin(headers: Headers): string | undefined {
  const origin = headers.get('origin');
  if (origin && origin !== 'null') return origin.toLowerCase();
  const referer = headers.get('referer');
  if (!referer) return undefined;
  try {
    return new URL(referer).origin.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * A host given the request as a path only (node-http's plain protocol) and no `X-Forwarded-Proto` does not
 * tell the scheme: then an origin of the same host (http or https) is the request's own.
 */
function sameHostSchemeUnknown(claimed: string, url: string, headers: Headers): boolean {
  if (/^https?:\/\//i.test(url) || headers.get('x-forwarded-proto')) return false;
  const host = headers.get('host')?.toLowerCase();
  return host !== undefined && (claimed === `http://${host}` || claimed === `https://${host}`);
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Why a cookie-authenticated request may not run (a write from another site), or undefined when it may:
 * safe methods always may; a write must come from the request's own origin or a trusted one.
 */
export function crossSiteProblem(method: string, url: string, headers: Headers, trusted: readonly string[]): string | undefined {
  if (!UNSAFE.has(method.toUpperCase())) return undefined;
  const claimed = claimedOrigin(headers);
  if (claimed === undefined) {
    return 'A request signed in by the session cookie that changes something must say where it comes from (Origin or Referer).';
  }
  if (claimed === ownOrigin(url, headers) || trusted.includes(claimed) || sameHostSchemeUnknown(claimed, url, headers)) return undefined;
  return `A request signed in by the session cookie may not change anything from ${claimed}: only from this server's own origin or a trusted one.`;
}
