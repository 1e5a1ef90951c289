import type { TLSSocket } from 'node:tls';
import type { NodeRequest } from './types.js';

/** '/admin/' -> '/admin', 'admin' -> '/admin', '' and '/' -> undefined (nothing to strip). */
export function normalizePrefix(prefix: string | undefined): string | undefined {
  if (prefix === undefined) return undefined;
  let p = prefix.startsWith('/') ? prefix : `/${prefix}`;
  while (p.endsWith('/')) p = p.slice(0, -1);
  return p === '' ? undefined : p;
}

// Characters that would move a Host header value into the path, query, fragment or userinfo of the URL.
const BAD_HOST = /[/?#@\\\s]/;

/** `origin + path` is the absolute URL; the plain protocol takes the path alone. */
export type UrlResult = { kind: 'ok'; origin: string; path: string } | { kind: 'outside' } | { kind: 'invalid' };

/**
 * The absolute URL the handler sees: scheme from the socket, authority from the Host header, path from
 * `originalUrl ?? url` (Connect and Express keep the mount prefix in originalUrl), minus `prefix`.
 */
export function requestUrl(req: NodeRequest, prefix: string | undefined): UrlResult {
  let path = req.originalUrl ?? req.url ?? '/';
  let origin: string;
  if (path.charCodeAt(0) === 47 /* / */) {
    // HTTP/1.1 requires Host (RFC 9112 §3.2); an HTTP/1.0 request without one is served as localhost.
    if (req.headers.host === undefined && req.httpVersion === '1.1') return { kind: 'invalid' };
    const host = req.headers.host ?? 'localhost';
    if (host === '' || BAD_HOST.test(host)) return { kind: 'invalid' };
    origin = `${(req.socket as TLSSocket).encrypted ? 'https' : 'http'}://${host}`;
  } else if (/^https?:\/\//i.test(path)) {
    // absolute-form request target (RFC 9112 §3.2.2): its authority wins over the Host header
    let parsed: URL;
    try {
      parsed = new URL(path);
    } catch {
      return { kind: 'invalid' };
    }
    origin = parsed.origin;
    path = parsed.pathname + parsed.search;
  } else {
    return { kind: 'invalid' };
  }
  if (prefix !== undefined) {
    const rest = stripPrefix(path, prefix);
    if (rest === undefined) return { kind: 'outside' };
    path = rest;
  }
  return { kind: 'ok', origin, path };
}

function stripPrefix(path: string, prefix: string): string | undefined {
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  if (rest === '') return '/';
  if (rest[0] === '/') return rest;
  if (rest[0] === '?') return `/${rest}`;
  return undefined; // '/administrator' is not under '/admin'
}
