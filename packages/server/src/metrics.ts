// Prometheus metrics for the bin (prom-client): requests by route and status, their latency, events
// written, and the process metrics prom-client collects. Served at GET /metrics and at Unleash's
// /internal-backstage/prometheus, optionally behind a bearer token.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { ALL_ROUTES, type FetchHandler, type PlainHandler, type PlainRequest, type PlainResponse, type Storage, type WriteTx } from '@flagadmin/core';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const METRICS_PATHS: readonly string[] = ['/metrics', '/internal-backstage/prometheus'];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const COMPILED = ALL_ROUTES.map((route) => ({ method: route.method, path: route.path, segments: route.path.split('/') }));

/** The route pattern a request matched (`/api/admin/projects/:projectId`), so labels stay few; else `unmatched`. */
export function routeLabel(method: string, url: string): string {
  const path = url.split('?')[0]!;
  if (METRICS_PATHS.includes(path)) return path;
  const segments = path.split('/');
  const found =
    COMPILED.find((r) => r.method === method && matches(r.segments, segments)) ?? COMPILED.find((r) => matches(r.segments, segments));
  return found ? found.path : 'unmatched';
}

function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  return pattern.length === segments.length && pattern.every((p, i) => p.startsWith(':') ? segments[i] !== '' : p === segments[i]);
}

export interface Metrics {
  readonly registry: Registry;
  /** `handle` answering the metrics paths itself and timing every other request. */
  wrap(handle: FetchHandler): FetchHandler;
  /** `storage` counting the events of every committed write. */
  countEvents(storage: Storage): Storage;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export function createMetrics(options: { token?: string | undefined } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the handler to its answer being ready, by method, route pattern and status',
    labelNames,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const events = new Counter({ name: 'flagadmin_events_written_total', help: 'Events committed to the storage', registers: [registry] });
  const expected = options.token === undefined ? undefined : digest(`Bearer ${options.token}`);

  const observe = (method: string, url: string, status: number, started: bigint) => {
    const labels = { method: METHODS.has(method) ? method : 'other', route: routeLabel(method, url), status: String(status) };
    requests.inc(labels);
    latency.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
  };

  /** The metrics answer for a request to one of METRICS_PATHS. */
  const serveMetrics = async (method: string, authorization: string | null): Promise<PlainResponse> => {
    const error = (status: number, name: string, message: string): PlainResponse => {
      const id = randomUUID();
      return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': id }, body: JSON.stringify({ id, name, message }) };
    };
    if (method !== 'GET' && method !== 'HEAD') return error(405, 'MethodNotAllowedError', `Method ${method} is not allowed on the metrics`);
    if (expected && (authorization === null || !timingSafeEqual(digest(authorization), expected))) {
      return error(401, 'AuthenticationRequired', 'The metrics need Authorization: Bearer <FLAGADMIN_METRICS_TOKEN>');
    }
    return { status: 200, headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' }, body: await registry.metrics() };
  };

  const dispatchWith = (inner: PlainHandler): PlainHandler => async (request: PlainRequest) => {
    const started = process.hrtime.bigint();
    const path = request.url.split('?')[0]!;
    const response = METRICS_PATHS.includes(path) ? await serveMetrics(request.method, request.headers.get('authorization')) : await inner(request);
    observe(request.method, request.url, response.status, started);
    return response;
  };

  return {
    registry,
    wrap(handle) {
      const dispatch = dispatchWith(handle.dispatch);
      const fetchHandler = async (request: Request): Promise<Response> => {
        const url = new URL(request.url);
        const plain = await dispatch({
          method: request.method,
          url: url.pathname + url.search,
          headers: request.headers,
          body: async () => new Uint8Array(await request.arrayBuffer()),
        });
        return new Response(request.method === 'HEAD' ? null : plain.body, { status: plain.status, headers: plain.headers });
      };
      return Object.assign(fetchHandler, { dispatch });
    },
    countEvents(storage) {
      const write: Storage['write'] = async (fn) => {
        let appended = 0;
        const result = await storage.write((tx) => {
          appended = 0; // a storage may run `fn` again; only the committed run counts
          const append = (event: Parameters<WriteTx['appendEvent']>[0]) => ((appended += 1), tx.appendEvent(event));
          return fn(bound(tx, 'appendEvent', append));
        });
        events.inc(appended);
        return result;
      };
      return bound(storage, 'write', write);
    },
  };
}

/** `target` with one method replaced; the others called on `target` itself (they may use private fields). */
function bound<T extends object>(target: T, name: string, replacement: unknown): T {
  return new Proxy(target, {
    get(t, key) {
      if (key === name) return replacement;
      const value: unknown = Reflect.get(t, key, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}
