/**
 * CORS for the routes browsers read (the frontend API and OFREP), as Unleash answers them: an allowed
 * `Origin` gets `Access-Control-Allow-Origin` (`*` when every origin is allowed, else the origin itself),
 * credentials allowed and the ETag exposed; a refused one gets no CORS header, so the browser keeps
 * the answer from the page. Preflight requests (`OPTIONS`) are answered 204 without authentication.
 */
import { originAllowed } from '../base/cors-origins';
import type { AdminContext } from '../runtime/context';
import { frontendOrigins } from '../runtime/frontend-origins';
import type { PlainHandler, PlainRequest, PlainResponse } from './plain';
import { splitTarget } from './router';

/** How long a browser may keep a preflight answer (s), as Unleash's default. */
const PREFLIGHT_MAX_AGE = '86400';
const METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE';

/** Whether a path is read by browsers from other origins. */
export function isCorsPath(pathname: string): boolean {
  return pathname === '/api/frontend' || pathname.startsWith('/api/frontend/') || pathname.startsWith('/ofrep/');
}

/** The handler with CORS on the paths browsers read; every other path goes straight through. */
export function withCors(context: AdminContext, dispatch: PlainHandler): PlainHandler {
  return async (request: PlainRequest): Promise<PlainResponse> => {
    if (!request.url.includes('/api/frontend') && !request.url.includes('/ofrep/')) return dispatch(request);
    if (!isCorsPath(splitTarget(request.url).pathname)) return dispatch(request);
    const origin = request.headers.get('origin');
    if (request.method === 'OPTIONS') return preflight(context, request, origin);
    const response = await dispatch(request);
    Object.assign(response.headers, await corsHeaders(context, origin));
    return response;
  };
}

async function corsHeaders(context: AdminContext, origin: string | null): Promise<Record<string, string>> {
  if (origin === null) return { vary: 'Origin' };
  let allowed: readonly string[];
  try {
    allowed = await frontendOrigins(context);
  } catch {
    return { vary: 'Origin' }; // the storage is down: the answer (an error) goes out without CORS
  }
  if (!originAllowed(allowed, origin)) return { vary: 'Origin' };
  const any = allowed.length === 0 || allowed.includes('*');
  return {
    vary: 'Origin',
    'access-control-allow-origin': any ? '*' : origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'ETag',
  };
}

async function preflight(context: AdminContext, request: PlainRequest, origin: string | null): Promise<PlainResponse> {
  const headers = await corsHeaders(context, origin);
  if (headers['access-control-allow-origin']) {
    headers['access-control-allow-methods'] = METHODS;
    const asked = request.headers.get('access-control-request-headers');
    if (asked) {
      headers['access-control-allow-headers'] = asked;
      headers.vary = 'Origin, Access-Control-Request-Headers';
    }
    headers['access-control-max-age'] = PREFLIGHT_MAX_AGE;
  }
  return { status: 204, headers, body: null };
}
