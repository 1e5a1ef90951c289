// Prometheus metrics for the bin (prom-client): requests by route and status, their latency, the
// storage's (storage-metrics.ts), keys by type, and the process metrics prom-client collects. Served at
// GET /metrics and at Unleash's /internal-backstage/prometheus, optionally behind a bearer token.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ALL_ROUTES,
  KEY_TYPES,
  SYSTEM_PRINCIPAL,
  type Admin,
  type FetchHandler,
  type PlainHandler,
  type PlainRequest,
  type PlainResponse,
  type Storage,
} from '@flagadmin/core';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { observeStorage } from './storage-metrics';

export const METRICS_PATHS: readonly string[] = ['/metrics', '/internal-backstage/prometheus'];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Method, status and path combinations whose series are kept (any number of paths costs a search each at worst). */
const SERIES_SEEN_MAX = 1_000;
const COMPILED = ALL_ROUTES.map((route) => ({ method: route.method, path: route.path, segments: route.path.split('/') }));

/** The route pattern a request's path matched (`/api/admin/projects/:projectId`), so labels stay few; else `unmatched`. */
export function routeLabel(method: string, path: string): string {
  if (METRICS_PATHS.includes(path)) return path;
  const segments = path.split('/');
  const found =
    COMPILED.find((r) => r.method === method && matches(r.segments, segments)) ?? COMPILED.find((r) => matches(r.segments, segments));
  return found ? found.path : 'unmatched';
}

function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  return pattern.length === segments.length && pattern.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : p === segments[i]));
}

export interface Metrics {
  readonly registry: Registry;
  /** `handle` answering the metrics paths itself and timing every other request. */
  wrap(handle: FetchHandler): FetchHandler;
  /** `storage` timing every write transaction and counting the events of the committed ones. */
  observeStorage(storage: Storage): Storage;
  /** Reports the live keys by type (`flagadmin_api_keys`), read from `admin` at each scrape. */
  countKeys(admin: Admin): void;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export function createMetrics(options: { token?: string | undefined } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the handler to its answer being ready, by method, route pattern and status',
    labelNames,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const expected = options.token === undefined ? undefined : digest(`Bearer ${options.token}`);

  // Each method, status and path seen keeps its series' counter and histogram children: prom-client checks
  // and hashes the labels on every call that names them, and the route label is a search over every route
  // pattern (together about 7 % of the bin's CPU on the SDK poll). Bounded: a full map starts again.
  const series = new Map<string, { count: { inc(): void }; time: { observe(seconds: number): void } }>();
  const observe = (method: string, path: string, status: number, started: bigint) => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const key = `${method} ${status} ${path}`;
    let child = series.get(key);
    if (!child) {
      const labels = { method: METHODS.has(method) ? method : 'other', route: routeLabel(method, path), status: String(status) };
      child = { count: requests.labels(labels), time: latency.labels(labels) };
      if (series.size >= SERIES_SEEN_MAX) series.clear();
      series.set(key, child);
    }
    child.count.inc();
    child.time.observe(seconds);
  };

  /** The metrics answer for a request to one of METRICS_PATHS. */
  const serveMetrics = async (method: string, authorization: string | null): Promise<PlainResponse> => {
    const error = (status: number, name: string, message: string): PlainResponse => {
      const id = randomUUID();
      return {
        status,
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': id },
        body: JSON.stringify({ id, name, message }),
      };
    };
    if (method !== 'GET' && method !== 'HEAD') return error(405, 'MethodNotAllowedError', `Method ${method} is not allowed on the metrics`);
    if (expected && (authorization === null || !timingSafeEqual(digest(authorization), expected))) {
      return error(401, 'AuthenticationRequired', 'The metrics need Authorization: Bearer <FLAGADMIN_METRICS_TOKEN>');
    }
    return { status: 200, headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' }, body: await registry.metrics() };
  };

  const dispatchWith =
    (inner: PlainHandler): PlainHandler =>
    async (request: PlainRequest) => {
      const started = process.hrtime.bigint();
      const query = request.url.indexOf('?');
      const path = query === -1 ? request.url : request.url.slice(0, query);
      const response = METRICS_PATHS.includes(path)
        ? await serveMetrics(request.method, request.headers.get('authorization'))
        : await inner(request);
      observe(request.method, path, response.status, started);
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
    observeStorage: (storage) => observeStorage(storage, registry),
    countKeys(admin) {
      new Gauge({
        name: 'flagadmin_api_keys',
        help: 'API keys that are not deleted (expired ones included), by type',
        labelNames: ['type'] as const,
        registers: [registry],
        async collect() {
          this.reset();
          // A storage that does not answer leaves the gauge empty for this scrape; the other metrics still go out.
          const listed = await admin.listApiKeys(SYSTEM_PRINCIPAL).catch(() => undefined);
          if (!listed) return;
          for (const type of KEY_TYPES) this.set({ type }, 0);
          for (const token of listed.tokens) this.inc({ type: token.type });
        },
      });
    },
  };
}
