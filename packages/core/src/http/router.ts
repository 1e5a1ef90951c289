/** Which route a request target names: path matching, path parameters, the query. */
import { badData } from '../errors';
import type { Route } from './route';

export type Match = { route: Route; params: Record<string, string> } | { allow: string[] } | undefined;

/**
 * A matcher over a route table: for a method and path, the route and its decoded parameters, or the
 * methods the path allows (405), or nothing (404). A trailing slash is tolerated. `HEAD` runs the `GET`
 * route of the path (the host sends its headers without the body), so every GET route answers HEAD.
 */
export function createRouter(routes: readonly Route[]): (method: string, pathname: string) => Match {
  const compiled = routes.map((route) => ({ route, segments: route.path.split('/').slice(1) }));
  return (method, pathname) => match(compiled, method, pathname);
}

function match(compiled: readonly { route: Route; segments: string[] }[], method: string, pathname: string): Match {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const parts = path.split('/').slice(1);
  const allow: string[] = [];
  for (const { route, segments } of compiled) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = Object.create(null);
    let fits = true;
    for (let i = 0; i < segments.length && fits; i++) {
      const s = segments[i]!;
      if (s.startsWith(':')) {
        if (parts[i] === '') fits = false;
        else params[s.slice(1)] = parts[i]!;
      } else if (s !== parts[i]) fits = false;
    }
    if (!fits) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params: decodeParams(params) };
    allow.push(route.method);
    if (route.method === 'GET') allow.push('HEAD');
  }
  return allow.length ? { allow } : undefined;
}

/** Path parameters decoded once; a malformed escape is a 400, not a crash. */
function decodeParams(raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(raw)) {
    try {
      out[name] = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      throw badData(`The path parameter ${name} is not a valid URL-encoded value.`);
    }
  }
  return out;
}

/** Path and query of a request target (`/a?b` or `http://host/a?b`). */
export function splitTarget(url: string): { pathname: string; query: URLSearchParams } {
  let start = 0;
  if (url[0] !== '/') {
    const scheme = url.indexOf('://');
    start = scheme === -1 ? 0 : url.indexOf('/', scheme + 3);
    if (start === -1) return { pathname: '/', query: new URLSearchParams() };
  }
  const q = url.indexOf('?', start);
  const hash = url.indexOf('#', start);
  const end = hash === -1 ? url.length : hash;
  if (q === -1 || q > end) return { pathname: url.slice(start, end), query: new URLSearchParams() };
  return { pathname: url.slice(start, q), query: new URLSearchParams(url.slice(q + 1, end)) };
}
