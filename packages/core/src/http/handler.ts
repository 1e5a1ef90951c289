import { createAdmin, type Admin } from '../admin';
import type { Principal } from '../auth';
import { silentLogger, type AdminOptions, type Logger } from '../context';
import { AdminError, badData, toAdminError } from '../errors';
import { requireKeyType, ROUTES, type Route, type RouteResult } from './routes';
import { openApiDocument } from './openapi';

export interface HandlerOptions {
  admin: Admin;
  /** Largest accepted request body in bytes; default 102,400 (100 KiB). */
  bodyLimit?: number;
  /** Gets one `request` line per request: method, route, status, durationMs, requestId. */
  logger?: Logger;
}

export type FetchHandler = (request: Request) => Promise<Response>;

export const DEFAULT_BODY_LIMIT = 102_400;

interface CompiledRoute {
  route: Route;
  segments: string[];
}

const JSON_TYPE = 'application/json; charset=utf-8';

const PUBLIC_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/health',
    summary: 'Liveness check (no key needed)',
    auth: 'none',
    response: { status: 200, schema: 'health' },
    errors: [],
    run: async () => ({ status: 200, body: { health: 'GOOD' } }),
  },
  {
    method: 'GET',
    path: '/docs/openapi.json',
    summary: 'This OpenAPI 3.1 document (no key needed)',
    auth: 'none',
    response: { status: 200 },
    errors: [],
    run: async () => ({ status: 200, body: openApiDocument(ALL_ROUTES) }),
  },
];

/** Every route the handler serves, public ones first. */
export const ALL_ROUTES: readonly Route[] = [...PUBLIC_ROUTES, ...ROUTES];

const COMPILED: CompiledRoute[] = ALL_ROUTES.map((route) => ({ route, segments: route.path.split('/').slice(1) }));

/** Matches a path against the route table: the route, or the methods the path allows (405), or nothing (404). */
function match(method: string, pathname: string): { route: Route; params: Record<string, string> } | { allow: string[] } | undefined {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const parts = path.split('/').slice(1);
  const allow: string[] = [];
  for (const { route, segments } of COMPILED) {
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
    if (route.method === method) return { route, params: decodeParams(params) };
    allow.push(route.method);
  }
  return allow.length ? { allow } : undefined;
}

/** Path parameters decoded once; a malformed escape is a 400, not a crash. */
function decodeParams(raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(raw)) {
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      throw badData(`The path parameter ${name} is not a valid URL-encoded value.`);
    }
  }
  return out;
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** Reads a body, counting bytes as they arrive: 413 as soon as it passes the limit. */
async function readText(request: Request, limit: number): Promise<string> {
  const tooLarge = () => new AdminError('PayloadTooLargeError', `The request body is larger than ${limit} bytes.`);
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = chunks.length === 1 ? chunks[0]! : concat(chunks, total);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badData('The request body is not valid UTF-8.');
  }
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function respond(result: RouteResult, requestId: string): Response {
  const headers: Record<string, string> = { 'x-request-id': requestId, ...result.headers };
  if (result.body === null || result.body === undefined) return new Response(null, { status: result.status, headers });
  headers['content-type'] = JSON_TYPE;
  return new Response(JSON.stringify(result.body), { status: result.status, headers });
}

/**
 * The whole HTTP API as one WHATWG `Request -> Response` function: runs on node:http (through
 * @flagadmin/node-http) or any fetch-based host. Never throws: every failure is a JSON error.
 */
export function createHandler(options: HandlerOptions): FetchHandler {
  const { admin } = options;
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const logger = options.logger ?? silentLogger;

  return async function handle(request: Request): Promise<Response> {
    const started = Date.now();
    const requestId = crypto.randomUUID();
    let routePath = 'unmatched';
    let response: Response;
    try {
      const url = new URL(request.url);
      const found = match(request.method, url.pathname);
      if (!found) throw new AdminError('NotFoundError', `No route for ${request.method} ${url.pathname}.`);
      if ('allow' in found) {
        throw new AdminError('MethodNotAllowedError', `${request.method} is not allowed here; use ${found.allow.join(', ')}.`, {
          headers: { allow: found.allow.join(', ') },
        });
      }
      const { route, params } = found;
      routePath = route.path;
      let principal: Principal | undefined;
      if (route.auth !== 'none') {
        principal = await admin.authenticate(request.headers.get('authorization'));
        requireKeyType(route, principal);
        route.authorize?.(principal, params);
      }
      const result = await route.run(admin, {
        params,
        query: url.searchParams,
        principal: principal!,
        headers: request.headers,
        async json() {
          if (!isJson(request.headers.get('content-type'))) {
            throw new AdminError('ContentTypeerror', 'The content-type header must be application/json.');
          }
          return JSON.parse(await readText(request, limit)) as unknown;
        },
      });
      response = respond(result, requestId);
    } catch (caught) {
      const error = toAdminError(caught);
      error.id = requestId;
      if (error.name === 'InternalError') {
        logger.error('request failed', { requestId, route: routePath, error: describe(caught) });
      }
      response = respond({ status: error.status, body: error.toJSON(), ...(error.headers ? { headers: error.headers } : {}) }, requestId);
    }
    logger.info('request', {
      method: request.method,
      route: routePath,
      status: response.status,
      durationMs: Date.now() - started,
      requestId,
    });
    return response;
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The admin operations and their HTTP handler, from one set of options. */
export function createFlagadmin(options: AdminOptions & { bodyLimit?: number }): { admin: Admin; handle: FetchHandler } {
  const admin = createAdmin(options);
  const handlerOptions: HandlerOptions = { admin };
  if (options.bodyLimit !== undefined) handlerOptions.bodyLimit = options.bodyLimit;
  if (options.logger) handlerOptions.logger = options.logger;
  return { admin, handle: createHandler(handlerOptions) };
}
