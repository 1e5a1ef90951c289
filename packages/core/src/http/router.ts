/** Which route a request target names: path matching, path parameters, the query. */
import { badData } from '../base/errors';
import type { Route } from './route';

export type Match = { route: Route; params: Record<string, string> } | { allow: string[] } | undefined;

/** A route's path taken apart once: the segments it fixes and the ones it names. */
interface CompiledRoute {
  route: Route;
  /** Positions and values of the literal segments. */
  literals: { at: number; value: string }[];
  /** Positions and names of the `:name` segments. */
  names: { at: number; name: string }[];
}

/**
 * A matcher over a route table: for a method and path, the route and its decoded parameters, or the
 * methods the path allows (405), or nothing (404). A trailing slash is tolerated. `HEAD` runs the `GET`
 * route of the path (the host sends its headers without the body), so every GET route answers HEAD.
 * Where several patterns fit a path, the first in the table wins, as it is written.
 *
 * Every request is routed, so the table is grouped by segment count once; a request compares only
 * the literal segments of the routes with as many segments as its path (no parameter object is built
 * before a route fits).
 */
export function createRouter(routes: readonly Route[]): (method: string, pathname: string) => Match {
  const bySegmentCount = new Map<number, CompiledRoute[]>();
  for (const route of routes) {
    const segments = route.path.split('/').slice(1);
    const compiled: CompiledRoute = { route, literals: [], names: [] };
    segments.forEach((segment, at) => {
      if (segment.startsWith(':')) compiled.names.push({ at, name: segment.slice(1) });
      else compiled.literals.push({ at, value: segment });
    });
    const group = bySegmentCount.get(segments.length);
    if (group) group.push(compiled);
    else bySegmentCount.set(segments.length, [compiled]);
  }
  return (method, pathname) => {
    const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const parts = path.split('/');
    parts.shift(); // the empty string before the leading slash
    const group = bySegmentCount.get(parts.length);
    return group ? match(group, parts, method) : undefined;
  };
}

function match(group: readonly CompiledRoute[], parts: readonly string[], method: string): Match {
  let allow: string[] | undefined;
  for (const compiled of group) {
    if (!fits(compiled, parts)) continue;
    const { route } = compiled;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params: paramsOf(compiled, parts) };
    allow ??= [];
    allow.push(route.method);
    if (route.method === 'GET') allow.push('HEAD');
  }
  return allow ? { allow } : undefined;
}

/** The path has the route's literal segments, and no empty segment where the route names one. */
function fits({ literals, names }: CompiledRoute, parts: readonly string[]): boolean {
  for (const { at, value } of literals) if (parts[at] !== value) return false;
  for (const { at } of names) if (parts[at] === '') return false;
  return true;
}

/** Path parameters decoded once; a malformed escape is a 400, not a crash. */
function paramsOf({ names }: CompiledRoute, parts: readonly string[]): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
  for (const { at, name } of names) {
    const value = parts[at]!;
    try {
      params[name] = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      throw badData(`The path parameter ${name} is not a valid URL-encoded value.`);
    }
  }
  return params;
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
