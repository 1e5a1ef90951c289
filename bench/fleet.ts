/**
 * The fleet scenario: thousands of simulated SDK instances (bench/fleet-load.ts, in its own process)
 * against the built bin, with what the server spends (CPU, RSS) and what the fleet leaves behind (events,
 * storage bytes, client applications and instances, the outdated-SDK report).
 */
import { join } from 'node:path';
import { BENCH_ADMIN_SECRET, CURRENT_SDKS, OUTDATED_SDKS, type DataSetInfo } from './dataset';
import type { FleetResult, FleetSpec } from './fleet-load';
import { BENCH_DIR, percentile, processCpuMicros, rssOf, spawnTracked, type RunningBin } from './util';

export interface FleetOptions {
  instances: number;
  apps: number;
  seconds: number;
  connections: number;
  /** Each instance polls (default) or holds a stream (the bin needs `--max-streams` above `instances`). */
  mode?: 'polling' | 'streaming';
  /** A flag's description changed through the admin API every this many seconds, from the first poll interval on (default: none). */
  changeEverySeconds?: number;
}

export interface FleetFigures {
  storage: string;
  options: FleetOptions;
  load: FleetResult;
  /** CPU seconds the bin spent during the run (user + system), and as a share of one core. */
  cpuSeconds: number;
  cpuShareOfOneCore: number;
  rssBeforeBytes: number;
  rssMaxBytes: number;
  rssAfterBytes: number;
  storageBytesBefore: number;
  storageBytesAfter: number;
  eventsBefore: number;
  eventsAfter: number;
  /** Client applications and instances the outdated-SDK report reads, after the run. */
  outdatedReport: { versions: number; applications: number; bytes: number };
  /** Bins the fleet was spread over (round-robin by instance); CPU and RSS above are their sums / the first's. */
  processes: number;
  /** Changes made during the run (changeEverySeconds). */
  changes: number;
  /**
   * Streaming mode: from each acknowledged change's answer to each open stream reading its revision, on
   * the bin that made it and on the others (ms; a stream that read it before the answer counts 0).
   */
  propagation?: { sameProcess: Spread; otherProcesses: Spread; missing: number };
  /** CPU seconds the database server spent during the run (PostgreSQL), and the most connections it had. */
  databaseCpuSeconds?: number;
  databaseConnections?: number;
}

/** More bins on the same storage, and the database's own figures, for a fleet spread over processes. */
export interface FleetSpread {
  others: readonly RunningBin[];
  databaseCpuMicros(): number;
  databaseConnections(): Promise<number>;
}

export interface Spread {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function spread(values: number[]): Spread {
  const sorted = values.sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1) ?? Number.NaN };
}

/** Each change's way to the streams: instance i streams from bin i % bins, the changes go through bin 0. */
function propagationOf(changes: readonly Change[], arrivals: Record<number, number[]>, bins: number): FleetFigures['propagation'] {
  const same: number[] = [];
  const others: number[] = [];
  let missing = 0;
  for (const { revision, answeredAt } of changes) {
    for (const [instance, list] of Object.entries(arrivals)) {
      let at: number | undefined;
      for (let k = 0; k < list.length; k += 2) {
        if (list[k]! >= revision) {
          at = list[k + 1]!;
          break;
        }
      }
      if (at === undefined) missing++;
      else (Number(instance) % bins === 0 ? same : others).push(Math.max(0, at - answeredAt));
    }
  }
  return { sameProcess: spread(same), otherProcesses: spread(others), missing };
}

/** User + system CPU seconds of a process so far. */
const cpuSecondsOf = (pid: number): number => (processCpuMicros(pid) ?? NaN) / 1e6;

async function adminGet<T>(bin: RunningBin, path: string): Promise<{ body: T; bytes: number }> {
  const res = await fetch(bin.url + path, { headers: { authorization: BENCH_ADMIN_SECRET } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 200)}`);
  return { body: JSON.parse(text) as T, bytes: Buffer.byteLength(text) };
}

async function clientSecret(bin: RunningBin): Promise<string> {
  const res = await fetch(`${bin.url}/api/admin/api-tokens`, {
    method: 'POST',
    headers: { authorization: BENCH_ADMIN_SECRET, 'content-type': 'application/json' },
    body: JSON.stringify({ tokenName: 'fleet', type: 'client', environment: 'production' }),
  });
  if (res.status !== 201) throw new Error(`creating the fleet's client key: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { secret: string }).secret;
}

/** Runs the fleet against `bin`; `storageBytes` measures what the storage holds on disk. */
export async function fleetRun(
  bin: RunningBin,
  info: DataSetInfo,
  storage: string,
  options: FleetOptions,
  storageBytes: () => Promise<number>,
  spread?: FleetSpread,
): Promise<FleetFigures> {
  const pid = bin.child.pid!;
  const bins = [bin, ...(spread?.others ?? [])];
  const binsCpu = () => bins.reduce((sum, b) => sum + cpuSecondsOf(b.child.pid!), 0);
  const features = (
    await adminGet<{ features: { name: string }[] }>(bin, `/api/admin/projects/${encodeURIComponent(info.project)}/features`)
  ).body.features.map((f) => f.name);
  const spec: FleetSpec = {
    url: bin.url,
    urls: bins.map((b) => b.url),
    clientSecret: await clientSecret(bin),
    instances: options.instances,
    apps: options.apps,
    seconds: options.seconds,
    pollSeconds: 15,
    metricsSeconds: 60,
    features,
    sdkVersions: [...CURRENT_SDKS, ...CURRENT_SDKS, ...OUTDATED_SDKS],
    connections: options.connections,
    mode: options.mode ?? 'polling',
  };
  const eventsBefore = (await adminGet<{ totalEvents: number }>(bin, '/api/admin/events')).body.totalEvents;
  const storageBytesBefore = await storageBytes();
  const rssBeforeBytes = rssOf(pid);
  const cpuBefore = binsCpu();
  const databaseCpuBefore = spread?.databaseCpuMicros();
  let rssMaxBytes = rssBeforeBytes;
  let databaseConnections = 0;
  const sampler = setInterval(() => {
    rssMaxBytes = Math.max(rssMaxBytes, rssOf(pid));
    void spread?.databaseConnections().then(
      (n) => (databaseConnections = Math.max(databaseConnections, n)),
      () => undefined,
    );
  }, 500);
  const proc = spawnTracked(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'fleet-load.ts'), JSON.stringify(spec)]);
  const guard = setTimeout(() => void proc.stop(2_000), (options.seconds + 120) * 1000);
  const changes = changesDuring(
    bin,
    `/api/admin/projects/${encodeURIComponent(info.project)}/features/${features[0]}`,
    options,
    spec.clientSecret,
  );
  let load: FleetResult;
  try {
    const code = await proc.exited;
    if (code !== 0) throw new Error(`the fleet exited with ${code}:\n${proc.output()}`);
    load = JSON.parse(proc.output().trim().split('\n').pop()!) as FleetResult;
  } finally {
    clearTimeout(guard);
    clearInterval(sampler);
    changes.stop();
  }
  const cpuSeconds = binsCpu() - cpuBefore;
  const databaseCpuSeconds = databaseCpuBefore === undefined ? undefined : (spread!.databaseCpuMicros() - databaseCpuBefore) / 1e6;
  const report = await adminGet<{ sdks: { applications: string[] }[] }>(
    bin,
    `/api/admin/projects/${encodeURIComponent(info.project)}/sdks/outdated`,
  );
  const arrivals = load.streams?.arrivals;
  if (load.streams) delete load.streams.arrivals;
  const figures: FleetFigures = {
    storage,
    options,
    load,
    cpuSeconds,
    cpuShareOfOneCore: cpuSeconds / load.seconds,
    rssBeforeBytes,
    rssMaxBytes,
    rssAfterBytes: rssOf(pid),
    storageBytesBefore,
    storageBytesAfter: await storageBytes(),
    eventsBefore,
    eventsAfter: (await adminGet<{ totalEvents: number }>(bin, '/api/admin/events')).body.totalEvents,
    outdatedReport: {
      versions: report.body.sdks.length,
      applications: new Set(report.body.sdks.flatMap((s) => s.applications)).size,
      bytes: report.bytes,
    },
    processes: bins.length,
    changes: changes.made().length,
    ...(arrivals ? { propagation: propagationOf(changes.made(), arrivals, bins.length) } : {}),
    ...(databaseCpuSeconds === undefined ? {} : { databaseCpuSeconds, databaseConnections }),
  };
  process.stderr.write(
    `fleet ${storage} (${spec.mode}): ${options.instances} instances, ${load.requestsPerSecond.toFixed(0)} req/s for ${load.seconds.toFixed(0)} s, ` +
      `poll p50 ${load.kinds.poll.p50Ms.toFixed(1)} ms p99 ${load.kinds.poll.p99Ms.toFixed(1)} ms, metrics p99 ${load.kinds.metrics.p99Ms.toFixed(1)} ms, ` +
      (load.streams
        ? `streams ${load.streams.open} open, ${load.streams.current} at the last revision ${load.streams.revision}, ${load.streams.updates} updates read, `
        : '') +
      `${figures.changes} changes, ` +
      (figures.propagation
        ? `propagation p50 / p99 / max ${showSpread(figures.propagation.sameProcess)} on the writer, ${showSpread(figures.propagation.otherProcesses)} on the others (${figures.propagation.missing} missing), `
        : '') +
      `CPU ${(figures.cpuShareOfOneCore * 100).toFixed(0)} % of a core over ${bins.length} bin(s)` +
      `${databaseCpuSeconds === undefined ? '' : `, database ${((databaseCpuSeconds / load.seconds) * 100).toFixed(0)} % of a core, ${databaseConnections} connections`}` +
      `, events ${eventsBefore} -> ${figures.eventsAfter}\n`,
  );
  return figures;
}

/**
 * PATCHes the flag's description at 15 s (the first poll interval, all instances registered) and every
 * `changeEverySeconds` after, the last at least 15 s before the end (a poll interval to see it), until stopped.
 */
export const showSpread = (s: Spread): string =>
  s.count === 0 ? 'none' : `${s.p50Ms.toFixed(1)} / ${s.p99Ms.toFixed(1)} / ${s.maxMs.toFixed(0)} ms`;

/** An acknowledged change: when its answer was read (epoch ms), and the revision it made. */
interface Change {
  answeredAt: number;
  revision: number;
}

function changesDuring(
  bin: RunningBin,
  path: string,
  options: FleetOptions,
  clientSecret: string,
): { stop(): void; made(): readonly Change[] } {
  const every = options.changeEverySeconds;
  const times: number[] = [];
  if (every !== undefined) for (let t = 15; t <= options.seconds - 15; t += every) times.push(t);
  const made: Change[] = [];
  const change = async (k: number) => {
    const res = await fetch(bin.url + path, {
      method: 'PATCH',
      headers: { authorization: BENCH_ADMIN_SECRET, 'content-type': 'application/json' },
      body: JSON.stringify([{ op: 'replace', path: '/description', value: `fleet change ${k}` }]),
    });
    await res.arrayBuffer();
    const answeredAt = performance.timeOrigin + performance.now();
    if (res.status !== 200) return;
    // The revision it made: the writer's own commits are known to its SDK reads at once.
    const delta = await fetch(`${bin.url}/api/client/delta`, { headers: { authorization: clientSecret } });
    await delta.arrayBuffer();
    made.push({ answeredAt, revision: Number(/\d+/.exec(delta.headers.get('etag') ?? '')?.[0] ?? Number.NaN) });
  };
  const timers = times.map((t, k) => setTimeout(() => void change(k), t * 1000));
  return { stop: () => timers.forEach(clearTimeout), made: () => made };
}
