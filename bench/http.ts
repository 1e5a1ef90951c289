/**
 * HTTP ratio runs: the built bin (lowdb, durable writes) against a bare node:http server that answers
 * every request with the very bytes flagadmin returned for that route (status, content type, body and
 * flagadmin's own headers), loaded in turn by autocannon running in a child process.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { DataSetInfo } from './dataset';
import { BENCH_ADMIN_SECRET } from './dataset';
import { FRONTEND_ROUTES } from './frontend';
import { USAGE_ROUTES } from './usage';
import type { LoadResult, LoadSpec } from './load';
import { BENCH_DIR, median, onCleanup, processCpuMicros, spawnTracked, type RunningBin } from './util';

export interface RouteSpec {
  id: string;
  label: string;
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  /** The body every request sends (POST routes); a PATCH sends a new description each time. */
  body?: string;
  /** Writes what the route reads before it is recorded (through the bin's API). */
  setup?: (url: string) => Promise<void>;
  /** The key it is read with (known once `setup` ran); the admin key when absent. */
  key?: () => string;
  /** Each request's `userId` is replaced by one no other request used (a fresh evaluation context). */
  freshUserId?: boolean;
}

/** The project whose events all carry whole feature documents (a ~200 KB page). */
const DOCUMENTS_PROJECT = 'bench-documents';
const DOCUMENT_EVENTS = 100;

/**
 * A project with one richly described, tagged feature changed DOCUMENT_EVENTS times: each change's event
 * carries the whole document before and after, as every feature event does.
 */
async function writeDocumentEvents(url: string): Promise<void> {
  const call = async (method: string, path: string, body: unknown, ok: number) => {
    const res = await fetch(url + path, {
      method,
      headers: { authorization: BENCH_ADMIN_SECRET, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  await call('POST', '/api/admin/projects', { id: DOCUMENTS_PROJECT, name: 'Bench documents' }, 201);
  const feature = `/api/admin/projects/${DOCUMENTS_PROJECT}/features`;
  await call('POST', feature, { name: 'documented', description: 'x'.repeat(300) }, 201);
  const tags = Array.from({ length: 8 }, (_, i) => ({ op: 'add', path: '/tags/-', value: { type: 'simple', value: `tag-${i}` } }));
  await call('PATCH', `${feature}/documented`, tags, 200);
  for (let i = 0; i < DOCUMENT_EVENTS - 10; i++) {
    await call(
      'PATCH',
      `${feature}/documented`,
      [{ op: 'replace', path: '/description', value: `${'Described at length. '.repeat(15)}${i}` }],
      200,
    );
  }
}

export function routesFor(info: DataSetInfo): RouteSpec[] {
  const p = encodeURIComponent(info.project);
  const f = encodeURIComponent(info.feature);
  return [
    { id: 'projects', label: 'GET /api/admin/projects', method: 'GET', path: '/api/admin/projects' },
    { id: 'events', label: 'GET /api/admin/events', method: 'GET', path: '/api/admin/events' },
    { id: 'projectEvents', label: `GET /api/admin/events?project=${info.project}`, method: 'GET', path: `/api/admin/events?project=${p}` },
    {
      id: 'changeRequest',
      label: `GET .../change-requests/${info.changeRequestId}`,
      method: 'GET',
      path: `/api/admin/projects/${p}/change-requests/${info.changeRequestId}`,
    },
    { id: 'outdatedSdks', label: 'GET .../sdks/outdated', method: 'GET', path: `/api/admin/projects/${p}/sdks/outdated` },
    { id: 'features', label: "GET .../features (a project's flags)", method: 'GET', path: `/api/admin/projects/${p}/features` },
    { id: 'feature', label: 'GET .../features/F', method: 'GET', path: `/api/admin/projects/${p}/features/${f}` },
    {
      id: 'strategies',
      label: 'GET .../features/F/environments/production/strategies',
      method: 'GET',
      path: `/api/admin/projects/${p}/features/${f}/environments/production/strategies`,
    },
    {
      id: 'variants',
      label: 'GET .../features/F/environments/production/variants',
      method: 'GET',
      path: `/api/admin/projects/${p}/features/${f}/environments/production/variants`,
    },
    { id: 'segments', label: 'GET /api/admin/segments', method: 'GET', path: '/api/admin/segments' },
    {
      id: 'search',
      label: 'GET /api/admin/search/features (a tag, one project, by name)',
      method: 'GET',
      path: `/api/admin/search/features?project=IS:${p}&tag=INCLUDE_ANY_OF:simple:beta,simple:payments&sortBy=name&limit=50`,
    },
    { id: 'featureEvents', label: "GET /api/admin/events/F (a flag's events)", method: 'GET', path: `/api/admin/events/${f}` },
    {
      id: 'documentEvents',
      label: `GET /api/admin/events?project=${DOCUMENTS_PROJECT} (events with whole documents)`,
      method: 'GET',
      path: `/api/admin/events?project=${DOCUMENTS_PROJECT}`,
      setup: writeDocumentEvents,
    },
    { id: 'patch', label: 'PATCH .../features/F (description)', method: 'PATCH', path: `/api/admin/projects/${p}/features/${f}` },
    ...FRONTEND_ROUTES,
    ...USAGE_ROUTES,
  ];
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

export interface RecordedResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** flagadmin's answer to one request of the route, byte for byte. */
export async function recordResponse(url: string, route: RouteSpec): Promise<RecordedResponse> {
  const init: RequestInit = { method: route.method, headers: requestHeaders(route) };
  if (route.method === 'PATCH') init.body = JSON.stringify([{ op: 'replace', path: '/description', value: 'bench recorded' }]);
  if (route.body !== undefined) init.body = route.body;
  const res = await fetch(url + route.path, init);
  // fetch decodes a compressed body; the baseline must replay the bytes on the wire, so re-encode them
  // the same way (same encoder and settings as node-http, so the same size).
  const decoded = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  const body =
    encoding === 'br'
      ? brotliCompressSync(decoded, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } })
      : encoding === 'gzip'
        ? gzipSync(decoded, { level: 6 })
        : decoded;
  if (res.status < 200 || res.status > 299)
    throw new Error(`${route.label}: flagadmin answered ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
  const headers: [string, string][] = [];
  res.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers.push([name, value]);
  });
  return { status: res.status, headers, body };
}

export function requestHeaders(route: RouteSpec): Record<string, string> {
  return {
    authorization: route.key?.() ?? BENCH_ADMIN_SECRET,
    accept: 'application/json',
    // `BENCH_ACCEPT_ENCODING=br pnpm bench ...` measures compressed answers (the baseline replays the compressed bytes).
    // identity by default: fetch would otherwise ask for br/gzip while recording, autocannon never does.
    'accept-encoding': process.env['BENCH_ACCEPT_ENCODING'] || 'identity',
    ...(route.method === 'PATCH' || route.body !== undefined ? { 'content-type': 'application/json' } : {}),
  };
}

/** A bare node:http server answering every request with one recorded response (after reading the body). */
export async function startBaseline(): Promise<{ url: string; answer(response: RecordedResponse): void; close(): Promise<void> }> {
  let current: RecordedResponse | undefined;
  const respond = (res: ServerResponse) => {
    const r = current!;
    const headers: Record<string, string | number> = { 'content-length': r.body.length };
    for (const [name, value] of r.headers) headers[name] = value;
    res.writeHead(r.status, headers);
    res.end(r.body);
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      req.resume();
      respond(res);
    } else {
      req.on('data', () => undefined);
      req.on('end', () => respond(res));
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const unregister = onCleanup('baseline server', close);
  return {
    url: `http://127.0.0.1:${port}`,
    answer: (response) => (current = response),
    close: async () => {
      unregister();
      await close();
    },
  };
}

/** One autocannon run in a child process (bounded in time). */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const proc = spawnTracked(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'load.ts'), JSON.stringify(spec)]);
  const limit = (spec.durationSeconds + spec.warmupSeconds + 30) * 1000;
  const timer = setTimeout(() => void proc.stop(2_000), limit);
  try {
    const code = await proc.exited;
    if (code !== 0) throw new Error(`autocannon exited with ${code}:\n${proc.output()}`);
    const line = proc.output().trim().split('\n').pop()!;
    return JSON.parse(line) as LoadResult;
  } finally {
    clearTimeout(timer);
  }
}

export interface RouteRatio {
  route: string;
  label: string;
  responseBytes: number;
  flagadminRps: number[];
  baselineRps: number[];
  ratios: number[];
  medianRatio: number;
  /**
   * Server CPU per request (µs, all threads; the bin's own process, so not PostgreSQL's) per round, while
   * the load ran: less moved by other work on the machine than req/s. Empty where /proc is missing.
   */
  flagadminCpuUs: number[];
  baselineCpuUs: number[];
  flagadminP50Ms: number;
  baselineP50Ms: number;
  failures: string[];
}

export interface HttpOptions {
  rounds: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

/**
 * Every route (or those of `only`, by id): record, then `rounds` times flagadmin then the baseline; the
 * median of the per-round ratios.
 */
export async function ratioRuns(bin: RunningBin, info: DataSetInfo, options: HttpOptions, only?: readonly string[]): Promise<RouteRatio[]> {
  const routes = routesFor(info).filter((r) => !only || only.includes(r.id));
  if (only && routes.length !== only.length)
    throw new Error(
      `bench: unknown route in ${only.join(', ')}; routes: ${routesFor(info)
        .map((r) => r.id)
        .join(', ')}`,
    );
  const baseline = await startBaseline();
  try {
    const out: RouteRatio[] = [];
    for (const route of routes) {
      await route.setup?.(bin.url);
      const recorded = await recordResponse(bin.url, route);
      baseline.answer(recorded);
      const row: RouteRatio = {
        route: route.id,
        label: route.label,
        responseBytes: recorded.body.length,
        flagadminRps: [],
        baselineRps: [],
        ratios: [],
        medianRatio: NaN,
        flagadminCpuUs: [],
        baselineCpuUs: [],
        flagadminP50Ms: NaN,
        baselineP50Ms: NaN,
        failures: [],
      };
      const p50s = { flagadmin: [] as number[], baseline: [] as number[] };
      for (let round = 0; round < options.rounds; round++) {
        const results: Record<'flagadmin' | 'baseline', LoadResult> = {} as never;
        for (const target of ['flagadmin', 'baseline'] as const) {
          const base = target === 'flagadmin' ? bin.url : baseline.url;
          const spec = {
            url: base + route.path,
            method: route.method,
            headers: requestHeaders(route),
            patchDescription: route.method === 'PATCH',
            ...(route.body !== undefined ? { body: route.body } : {}),
            ...(route.freshUserId ? { freshUserId: true } : {}),
            connections: options.connections,
            durationSeconds: options.durationSeconds,
            warmupSeconds: 0,
          };
          // The warm-up is a load of its own, so the server's CPU is read around the measured load only.
          if (options.warmupSeconds > 0) await runLoad({ ...spec, durationSeconds: options.warmupSeconds });
          const cpuOf = () => (target === 'flagadmin' ? processCpuMicros(bin.child.pid!) : processCpuMicros(process.pid));
          const cpuBefore = cpuOf();
          const result = await runLoad(spec);
          const cpuAfter = cpuOf();
          if (cpuBefore !== undefined && cpuAfter !== undefined && result.requests > 0) {
            (target === 'flagadmin' ? row.flagadminCpuUs : row.baselineCpuUs).push((cpuAfter - cpuBefore) / result.requests);
          }
          if (result.non2xx || result.errors || result.timeouts || result.requests === 0) {
            row.failures.push(
              `${target} round ${round + 1}: ${result.requests} requests, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
            );
          }
          results[target] = result;
          p50s[target].push(result.latencyP50Ms);
        }
        row.flagadminRps.push(results.flagadmin.requestsPerSecond);
        row.baselineRps.push(results.baseline.requestsPerSecond);
        row.ratios.push(results.flagadmin.requestsPerSecond / results.baseline.requestsPerSecond);
        process.stderr.write(
          `http ${route.label} round ${round + 1}: flagadmin ${results.flagadmin.requestsPerSecond.toFixed(0)} req/s, baseline ${results.baseline.requestsPerSecond.toFixed(0)} req/s` +
            `${row.flagadminCpuUs.length > round ? `; CPU per request ${row.flagadminCpuUs[round]!.toFixed(1)} / ${row.baselineCpuUs[round]?.toFixed(1)} µs` : ''}\n`,
        );
      }
      row.medianRatio = median(row.ratios);
      row.flagadminP50Ms = median(p50s.flagadmin);
      row.baselineP50Ms = median(p50s.baseline);
      out.push(row);
    }
    return out;
  } finally {
    await baseline.close();
  }
}
