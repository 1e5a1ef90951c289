import { createAdmin, type Admin } from '../admin';
import type { Principal } from '../auth';
import type { AdminOptions } from '../context';
import { silentLogger, type Logger } from '../logger';
import type { ContextCaches } from '../caches';
import { AdminError, badData, toAdminError } from '../errors';
import { openApiDocument } from './openapi';
import { JsonText, requireKeyType, ROUTES, type HeaderReader, type Route, type RouteResult } from './routes';

export interface HandlerOptions {
  admin: Admin;
  /** Largest accepted request body in bytes; default 102,400 (100 KiB). */
  bodyLimit?: number;
  /** Gets one `request` line per request: method, route, status, durationMs, requestId. */
  logger?: Logger;
}

/**
 * A request as plain data, for hosts that do not want to build a WHATWG Request per request
 * (building one costs more than the rest of a typical flagadmin request on Node 20). @flagadmin/node-http
 * declares the same protocol on its side (it depends on no handler package); test/plain-protocol.test.ts
 * keeps the two declarations one contract.
 */
export interface PlainRequest {
  method: string;
  /** Path and query (`/api/admin/events?project=x`), or an absolute URL. */
  url: string;
  headers: HeaderReader;
  /**
   * Reads the whole body. Past `limit` bytes it must stop reading and reject with an error whose
   * `name` is `PayloadTooLargeError` (answered 413). Called at most once, and only by routes with a body.
   */
  body(limit: number): Promise<Uint8Array>;
}

export interface PlainResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The body text (JSON), or null for none. */
  body: string | null;
}

export type PlainHandler = (request: PlainRequest) => Promise<PlainResponse>;

/** The fetch-style handler; `dispatch` is the same handler on plain data (node-http uses it when present). */
export type FetchHandler = ((request: Request) => Promise<Response>) & { dispatch: PlainHandler };

export const DEFAULT_BODY_LIMIT = 102_400;

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
    run: async (admin) => ({
      status: 200,
      body: await admin.context.caches.openApi.get(0, 'document', async () => openApiDocument(ALL_ROUTES)),
    }),
  },
];

/** Every route the handler serves, public ones first. */
export const ALL_ROUTES: readonly Route[] = [...PUBLIC_ROUTES, ...ROUTES];

const COMPILED = ALL_ROUTES.map((route) => ({ route, segments: route.path.split('/').slice(1) }));

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
      out[name] = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      throw badData(`The path parameter ${name} is not a valid URL-encoded value.`);
    }
  }
  return out;
}

/** Path and query of a request target (`/a?b` or `http://host/a?b`). */
function splitTarget(url: string): { pathname: string; query: URLSearchParams } {
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

function isJson(contentType: string | null): boolean {
  return contentType !== null && contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

const tooLarge = (limit: number) => new AdminError('PayloadTooLargeError', `The request body is larger than ${limit} bytes.`);

/** Reads a WHATWG body, counting bytes as they arrive: rejects as soon as it passes the limit. */
async function readStream(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The body as JSON, after the content-type (415) and size (413) checks. */
async function readJson(request: PlainRequest, limit: number): Promise<unknown> {
  if (!isJson(request.headers.get('content-type'))) {
    throw new AdminError('ContentTypeerror', 'The content-type header must be application/json.');
  }
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  let bytes: Uint8Array;
  try {
    bytes = await request.body(limit);
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'PayloadTooLargeError') throw tooLarge(limit);
    throw error;
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw badData('The request body is not valid UTF-8.');
  }
  return JSON.parse(text) as unknown;
}

/** A frozen body (a cached response, served again and again) is stringified once. */
function serialize(body: unknown, caches: ContextCaches): string {
  if (body instanceof JsonText) return body.json;
  if (typeof body !== 'object' || body === null || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = caches.serializedBodies.peek(0, body);
  if (text === undefined) caches.serializedBodies.set(0, body, (text = JSON.stringify(body)));
  return text;
}

function plainResponse(result: RouteResult, requestId: string, caches: ContextCaches): PlainResponse {
  const headers: Record<string, string> = { 'x-request-id': requestId, ...result.headers };
  if (result.body === null || result.body === undefined) return { status: result.status, headers, body: null };
  headers['content-type'] = JSON_TYPE;
  return { status: result.status, headers, body: serialize(result.body, caches) };
}

/**
 * The whole HTTP API as a function of plain data. Never throws: every failure is a JSON error.
 */
export function createDispatch(options: HandlerOptions): PlainHandler {
  const { admin } = options;
  const { caches } = admin.context;
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const logger = options.logger ?? silentLogger;

  return async function dispatch(request: PlainRequest): Promise<PlainResponse> {
    const started = Date.now();
    const requestId = crypto.randomUUID();
    let routePath = 'unmatched';
    let response: PlainResponse;
    try {
      const { pathname, query } = splitTarget(request.url);
      const found = match(request.method, pathname);
      if (!found) throw new AdminError('NotFoundError', `No route for ${request.method} ${pathname}.`);
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
        query,
        principal: principal!,
        headers: request.headers,
        json: () => readJson(request, limit),
      });
      response = plainResponse(result, requestId, caches);
    } catch (caught) {
      const error = toAdminError(caught);
      error.id = requestId;
      if (error.name === 'InternalError') {
        logger.error('request failed', { requestId, route: routePath, error: describe(caught) });
      }
      response = plainResponse({ status: error.status, body: error.toJSON(), ...(error.headers ? { headers: error.headers } : {}) }, requestId, caches);
    }
    logger.info('request', { method: request.method, route: routePath, status: response.status, durationMs: Date.now() - started, requestId });
    return response;
  };
}

/**
 * The whole HTTP API as one WHATWG `Request -> Response` function: runs on any fetch-based host, and
 * on node:http through @flagadmin/node-http (which uses `handle.dispatch` and skips building
 * Request and Response objects). Never throws: every failure is a JSON error.
 */
export function createHandler(options: HandlerOptions): FetchHandler {
  const dispatch = createDispatch(options);
  const handle = async (request: Request): Promise<Response> => {
    const plain = await dispatch({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: (limit) => readStream(request.body, limit),
    });
    return new Response(plain.body, { status: plain.status, headers: plain.headers });
  };
  return Object.assign(handle, { dispatch });
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
