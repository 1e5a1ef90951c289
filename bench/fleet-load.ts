/**
 * A simulated fleet of SDK instances, in its own process (so it never shares a thread with the server):
 * each instance registers once, polls `/api/client/features` with its last ETag in `If-None-Match` every
 * `pollSeconds` and posts metrics every `metricsSeconds`, as Unleash SDKs do; in streaming mode each holds
 * a stream (`/api/client/streaming`, a connection of its own) instead of polling, and at the end the fleet
 * checks that every stream read the last revision (`/api/client/delta`'s ETag). Every request has a
 * scheduled time; its latency runs from that time to the end of its answer, so a server (or a client
 * socket pool) falling behind shows as latency instead of as fewer requests. Takes a FleetSpec as JSON
 * in argv[2]; prints the figures as one JSON line on stdout.
 */
import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import { percentile, rng } from './util';

export interface FleetSpec {
  url: string;
  /** Several servers behind a round-robin: instance i talks to `urls[i % urls.length]` (default: `url` alone). */
  urls?: readonly string[];
  clientSecret: string;
  instances: number;
  apps: number;
  seconds: number;
  pollSeconds: number;
  metricsSeconds: number;
  /** Feature names the metrics report usage of (a few per instance). */
  features: string[];
  /** SDK versions the instances run, spread over them (some outdated). */
  sdkVersions: string[];
  /** Sockets the fleet shares (many instances behind few connections, as behind a proxy). */
  connections: number;
  /** Polling (default) or streaming: each instance holds a stream instead of polling. */
  mode?: 'polling' | 'streaming';
}

export type RequestKind = 'register' | 'poll' | 'metrics' | 'stream';

export interface KindFigures {
  requests: number;
  /** Answers by status (`200`, `202`, `304`, ...); `error <code>` for a failed connection (`error ECONNRESET`). */
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface FleetResult {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  kinds: Record<RequestKind, KindFigures>;
  /** The most any request waited past its scheduled time before it could be sent. */
  maxSendLagMs: number;
  /** Streaming mode: the streams at the end, and how many had read the last revision. */
  streams?: StreamFigures;
}

export interface StreamFigures {
  /** Streams still open at the end. */
  open: number;
  /** The instance's revision at the end (the ETag of `/api/client/delta`). */
  revision: number;
  /** Open streams whose last event was that revision. */
  current: number;
  /** `unleash-updated` events read over every stream. */
  updates: number;
  /**
   * Per stream (by instance), when it read each revision: `[revision, epoch ms, revision, epoch ms, ...]`,
   * so the run can time each change from its answer to every stream (bench/fleet.ts, which drops them
   * from the figures it keeps).
   */
  arrivals?: Record<number, number[]>;
}

interface StreamState {
  req: ClientRequest;
  revision: number;
  updates: number;
  /** `[revision, epoch ms, ...]`: when each event was read. */
  arrivals: number[];
}

interface Scheduled {
  at: number;
  kind: RequestKind;
  instance: number;
}

/** Registrations spread over the first poll interval, then polls and metrics at their own intervals. */
function schedule(spec: FleetSpec): Scheduled[] {
  const next = rng(42); // every run schedules the same fleet
  const out: Scheduled[] = [];
  const end = spec.seconds * 1000;
  for (let i = 0; i < spec.instances; i++) {
    const start = (i / spec.instances) * spec.pollSeconds * 1000;
    out.push({ at: start, kind: 'register', instance: i });
    if (spec.mode === 'streaming') out.push({ at: start, kind: 'stream', instance: i });
    else for (let t = start; t < end; t += spec.pollSeconds * 1000) out.push({ at: t, kind: 'poll', instance: i });
    for (let t = start + next() * spec.metricsSeconds * 1000; t < end; t += spec.metricsSeconds * 1000)
      out.push({ at: t, kind: 'metrics', instance: i });
  }
  return out.sort((a, b) => a.at - b.at);
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]!) as FleetSpec;
  const targets = (spec.urls ?? [spec.url]).map((u) => new URL(u));
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const etags = new Map<number, string>();
  const appOf = (i: number) => `fleet-app-${String(i % spec.apps).padStart(4, '0')}`;
  const instanceOf = (i: number) => `fleet-instance-${i}`;
  const sdkOf = (i: number) => spec.sdkVersions[i % spec.sdkVersions.length]!;
  const latencies: Record<RequestKind, number[]> = { register: [], poll: [], metrics: [], stream: [] };
  const statuses: Record<RequestKind, Record<string, number>> = { register: {}, poll: {}, metrics: {}, stream: {} };
  /** Streaming mode: each instance's stream and the revision of the last event it read. */
  const streams = new Map<number, StreamState>();
  const count = (kind: RequestKind, status: string) => (statuses[kind][status] = (statuses[kind][status] ?? 0) + 1);

  /** Opens an instance's stream on a connection of its own; resolves once its hydration arrived (or it failed). */
  const openStream = (i: number, scheduledAt: number): Promise<void> =>
    new Promise((resolve) => {
      const target = targets[i % targets.length]!;
      const headers = {
        authorization: spec.clientSecret,
        accept: 'text/event-stream',
        'unleash-appname': appOf(i),
        'unleash-instanceid': instanceOf(i),
        'unleash-sdk': sdkOf(i),
      };
      const req = httpRequest({ host: target.hostname, port: target.port, path: '/api/client/streaming', headers, agent: false });
      const state: StreamState = { req, revision: -1, updates: 0, arrivals: [] };
      let tail = '';
      req.on('response', (res) => {
        count('stream', String(res.statusCode));
        if (res.statusCode !== 200) {
          res.resume();
          resolve();
          return;
        }
        streams.set(i, state);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const lines = (tail + chunk).split('\n');
          tail = lines.pop() ?? '';
          for (const line of lines) {
            if (line.startsWith('id: ')) {
              state.revision = Number(line.slice(4));
              state.arrivals.push(state.revision, Math.round((performance.timeOrigin + performance.now()) * 10) / 10);
            } else if (line === 'event: unleash-updated') state.updates++;
            else if (line === 'event: unleash-connected') {
              latencies.stream.push(performance.now() - scheduledAt);
              resolve();
            }
          }
        });
        res.on('close', () => {
          streams.delete(i);
          resolve();
        });
      });
      req.on('socket', () => (maxSendLagMs = Math.max(maxSendLagMs, performance.now() - scheduledAt)));
      req.on('error', (error: NodeJS.ErrnoException) => {
        count('stream', `error ${error.code ?? error.message}`);
        resolve();
      });
      req.end();
    });
  let maxSendLagMs = 0;

  const send = (item: Scheduled, scheduledAt: number): Promise<void> =>
    item.kind === 'stream' ? openStream(item.instance, scheduledAt) : request(item, scheduledAt);
  const request = (item: Scheduled, scheduledAt: number): Promise<void> =>
    new Promise((resolve) => {
      const i = item.instance;
      const headers: Record<string, string> = {
        authorization: spec.clientSecret,
        'unleash-appname': appOf(i),
        'unleash-instanceid': instanceOf(i),
        'unleash-sdk': sdkOf(i),
      };
      let body: string | undefined;
      let path = '/api/client/features';
      let method = 'GET';
      if (item.kind === 'poll') {
        const etag = etags.get(i);
        if (etag) headers['if-none-match'] = etag;
      } else {
        method = 'POST';
        headers['content-type'] = 'application/json';
        const base = { appName: appOf(i), instanceId: instanceOf(i), sdkVersion: sdkOf(i) };
        if (item.kind === 'register') {
          path = '/api/client/register';
          body = JSON.stringify({
            ...base,
            strategies: ['default', 'flexibleRollout'],
            started: new Date().toISOString(),
            interval: spec.pollSeconds * 1000,
          });
        } else {
          path = '/api/client/metrics';
          const toggles: Record<string, { yes: number; no: number; variants: Record<string, number> }> = {};
          for (let k = 0; k < 3; k++) toggles[spec.features[(i + k * 7) % spec.features.length]!] = { yes: 5 + k, no: k, variants: {} };
          const stop = new Date();
          body = JSON.stringify({
            ...base,
            bucket: { start: new Date(stop.getTime() - spec.metricsSeconds * 1000).toISOString(), stop: stop.toISOString(), toggles },
          });
        }
      }
      const target = targets[i % targets.length]!;
      const req = httpRequest({ host: target.hostname, port: target.port, path, method, headers, agent }, (res) => {
        const etag = res.headers['etag'];
        if (item.kind === 'poll' && typeof etag === 'string') etags.set(i, etag);
        res.resume();
        res.on('end', () => {
          latencies[item.kind].push(performance.now() - scheduledAt);
          count(item.kind, String(res.statusCode));
          resolve();
        });
      });
      req.on('socket', () => (maxSendLagMs = Math.max(maxSendLagMs, performance.now() - scheduledAt)));
      req.on('error', (error: NodeJS.ErrnoException) => {
        count(item.kind, `error ${error.code ?? error.message}`);
        resolve();
      });
      req.end(body);
    });

  const plan = schedule(spec);
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now() - started;
      while (next < plan.length && plan[next]!.at <= now) {
        const item = plan[next++]!;
        const p = send(item, started + item.at);
        inFlight.add(p);
        void p.then(() => inFlight.delete(p));
      }
      if (next < plan.length) setTimeout(tick, Math.max(1, Math.min(20, plan[next]!.at - now)));
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  const streamFigures = spec.mode === 'streaming' ? await streamsAtEnd(targets[0]!, spec.clientSecret, streams) : undefined;
  agent.destroy();
  const kinds = {} as Record<RequestKind, KindFigures>;
  let requests = 0;
  for (const kind of ['register', 'poll', 'metrics', 'stream'] as const) {
    const sorted = latencies[kind].sort((a, b) => a - b);
    requests += Object.values(statuses[kind]).reduce((a, b) => a + b, 0);
    kinds[kind] = {
      requests: sorted.length,
      statuses: statuses[kind],
      // 0 for a kind no request was made of (the result is JSON, where NaN would read as null).
      p50Ms: sorted.length ? percentile(sorted, 50) : 0,
      p99Ms: sorted.length ? percentile(sorted, 99) : 0,
      maxMs: sorted.at(-1) ?? 0,
    };
  }
  const result: FleetResult = {
    seconds,
    requests,
    requestsPerSecond: requests / seconds,
    kinds,
    maxSendLagMs,
    ...(streamFigures ? { streams: streamFigures } : {}),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/**
 * The revision at the end, and the streams that read it: the last change is let settle for a second (every
 * stream is written as the change commits), then every stream is closed.
 */
async function streamsAtEnd(target: URL, secret: string, streams: Map<number, StreamState>): Promise<StreamFigures> {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const res = await fetch(new URL('/api/client/delta', target), { headers: { authorization: secret } });
  await res.arrayBuffer();
  const revision = Number(/\d+/.exec(res.headers.get('etag') ?? '')?.[0] ?? Number.NaN);
  let current = 0;
  let updates = 0;
  const arrivals: Record<number, number[]> = {};
  for (const [i, s] of streams) {
    if (s.revision === revision) current++;
    updates += s.updates;
    arrivals[i] = s.arrivals;
  }
  const open = streams.size;
  for (const s of streams.values()) s.req.destroy();
  return { open, revision, current, updates, arrivals };
}

void main();
