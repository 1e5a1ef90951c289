/**
 * `pnpm bench --only propagation`: how fast a change reaches SDKs holding a stream. The built bin (one on
 * lowdb; three on one PostgreSQL database, the change made through the first) with `streams` SDK streams
 * open: a sample of real `unleash-client` 6.12 instances in streaming mode in this process (spread over
 * the bins), and raw SSE readers in child processes (bench/sse-readers.ts) holding the rest, as 10,000
 * real clients do not fit beside the server on one machine. Each round PATCHes a flag's description and
 * times, from the PATCH's 2xx, every sample client's `changed` event showing it (the SDK figure) and every
 * raw stream's `unleash-updated` event (the all-streams figure). Also the bins' RSS per open stream (RSS
 * with the streams open less RSS before, over the streams), and the load average (the machine is shared).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemStorageProvider, Unleash } from 'unleash-client';
import { randomSecret } from '../test/helpers/bin';
import { startPostgres } from '../test/helpers/postgres';
import { BENCH_DIR, onCleanup, percentile, processCpuMicros, removeDirLater, rssOf, sleep, startBuiltBin, type RunningBin } from './util';

export interface PropagationOptions {
  /** Open streams in each run (every run on each storage). */
  streams: readonly number[];
  /** Real unleash-client instances among them. */
  sample: number;
  /** Changes timed per run. */
  rounds: number;
  /** Storages to run on (default both: lowdb with one bin, then PostgreSQL with three). */
  storages?: readonly ('lowdb' | 'postgres')[];
}

export interface Latency {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Timed arrivals (streams × rounds). */
  count: number;
  /** Arrivals expected but not seen within the wait. */
  missing: number;
  /** Arrivals read before the PATCH's answer did (counted as 0 ms). */
  beforeAnswer: number;
}

export interface PropagationFigures {
  storage: 'lowdb' | 'postgres';
  processes: number;
  streams: number;
  sampleClients: number;
  rawStreams: number;
  rounds: number;
  /** From the PATCH's 2xx to the `changed` event of the real unleash-client instances. */
  sdk: Latency;
  /** From the PATCH's 2xx to the `unleash-updated` event on every raw stream. */
  raw: Latency;
  /**
   * The same from the moment the PATCH was sent: the streams are written as soon as the change is
   * committed, often before the PATCH's answer is read, so the figures from the 2xx count those as 0 ms.
   */
  fromSent: { sdk: Latency; raw: Latency };
  /** The PATCH's own time, sent to 2xx read. */
  patch: Latency;
  /**
   * CPU (user + system) the bins spent over the timed rounds, per change: the PATCH, and writing the change
   * to every stream. Unlike the latencies it does not count the waiting for a CPU turn on a busy machine.
   */
  cpuPerChangeMs: number;
  /**
   * The same for the processes reading the streams on this machine: the raw readers' processes and this
   * one (the sample clients). They share the bins' cores, so their work per change delays the last streams.
   */
  readersCpuPerChangeMs: number;
  /** Per bin: (RSS with its streams open − RSS before) / its streams. */
  rssPerStreamBytes: number[];
  /** The 1-minute load average before and after the run. */
  loadAverage: { before: number; after: number };
}

const FLAG = 'propagated';
const FLAGS = 20;
/** How long a change may take to reach every sample client before the round counts it missing. */
const ROUND_GUARD_MS = 30_000;
/** Streams per reader process (each end of a stream is a file descriptor). */
const PER_READER = 5_000;
const now = () => performance.timeOrigin + performance.now();

function latency(delays: number[], missing: number): Latency {
  const sorted = delays.map((d) => Math.max(0, d)).sort((a, b) => a - b);
  return {
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    count: sorted.length,
    missing,
    beforeAnswer: delays.filter((d) => d < 0).length,
  };
}

interface Cluster {
  bins: RunningBin[];
  admin: string;
  client: string;
  stop(): Promise<void>;
}

/** One bin on a fresh lowdb directory, or three on a fresh PostgreSQL server; keys from the environment. */
async function startCluster(storage: 'lowdb' | 'postgres', maxStreams: number): Promise<Cluster> {
  const admin = randomSecret();
  const client = randomSecret('*', 'development');
  const env = { INIT_ADMIN_API_TOKENS: admin, INIT_CLIENT_API_TOKENS: client };
  const args = ['--max-streams', String(maxStreams)];
  const dir = mkdtempSync(join(tmpdir(), 'flagadmin-propagation-'));
  removeDirLater(dir);
  const bins: RunningBin[] = [];
  if (storage === 'lowdb') {
    bins.push(await startBuiltBin(dir, { args, env }));
    return { bins, admin, client, stop: async () => void (await bins[0]!.stop()) };
  }
  const server = await startPostgres();
  const unregister = onCleanup('postgres server', () => server.stop());
  try {
    for (let i = 0; i < 3; i++) bins.push(await startBuiltBin(dir, { args: [...args, '--database-url', server.url], env }));
  } catch (error) {
    await Promise.all(bins.map((b) => b.stop()));
    unregister();
    await server.stop();
    throw error;
  }
  return {
    bins,
    admin,
    client,
    stop: async () => {
      await Promise.all(bins.map((b) => b.stop()));
      unregister();
      await server.stop();
    },
  };
}

async function adminCall(bin: RunningBin, key: string, method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${bin.url}/api/admin${path}`, {
    method,
    headers: { authorization: key, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
}

/** A reader process and how to talk to it. */
interface Readers {
  child: ChildProcess;
  ask<T>(message: unknown): Promise<T>;
}

function startReaders(): Readers {
  const child = fork(join(BENCH_DIR, 'sse-readers.ts'), [], {
    execArgv: ['--conditions=source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const unregister = onCleanup(`sse readers ${child.pid}`, () => void child.kill('SIGKILL'));
  child.once('exit', unregister);
  return {
    child,
    ask: (message) =>
      new Promise((resolve, reject) => {
        const exited = (code: number | null) => reject(new Error(`an SSE reader process exited (${code})`));
        child.once('exit', exited);
        child.once('message', (answer) => {
          child.off('exit', exited);
          resolve(answer as never);
        });
        child.send(message as never);
      }),
  };
}

/** CPU (user + system) of the raw readers' processes and of this process, in µs. */
function readersCpuMicros(readers: readonly Readers[]): number {
  const own = process.cpuUsage();
  return readers.reduce((sum, r) => sum + (processCpuMicros(r.child.pid!) ?? Number.NaN), own.user + own.system);
}

/** Resolves once the readers' streams all read the `round`-th change, or past the guard. */
async function everyStreamRead(readers: readonly Readers[], round: number, streams: number): Promise<void> {
  const until = performance.now() + ROUND_GUARD_MS;
  while (performance.now() < until) {
    let read = 0;
    for (const r of readers) read += (await r.ask<{ read: number }>({ count: round })).read;
    if (read >= streams) return;
    await sleep(20);
  }
}

/** A started unleash-client in streaming mode, synchronized. */
async function streamingClient(url: string, key: string, i: number): Promise<Unleash> {
  const client = new Unleash({
    url: `${url}/api/`,
    appName: `propagation-${i}`,
    environment: 'development',
    customHeaders: { Authorization: key },
    refreshInterval: 3_600_000,
    disableMetrics: true,
    skipInstanceCountWarning: true,
    experimentalMode: { type: 'streaming' },
    // Kept in memory: by default each client writes its flags to a backup file at every change, work of
    // the SDK's own machine that here would take the cores the bins run on.
    storageProvider: new InMemStorageProvider(),
  } as ConstructorParameters<typeof Unleash>[0]);
  client.on('error', () => undefined);
  await new Promise((resolve) => client.once('synchronized', resolve));
  return client;
}

/** When `client` shows the flag with `description` (a `changed` event), or undefined past the guard. */
function seen(client: Unleash, description: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const guard = setTimeout(() => finish(undefined), ROUND_GUARD_MS);
    const look = () => {
      if ((client.getFeatureToggleDefinition(FLAG) as { description?: string } | undefined)?.description === description) finish(now());
    };
    const finish = (at: number | undefined) => {
      clearTimeout(guard);
      client.off('changed', look);
      resolve(at);
    };
    client.on('changed', look);
  });
}

async function run(storage: 'lowdb' | 'postgres', streams: number, options: PropagationOptions): Promise<PropagationFigures> {
  const loadBefore = loadavg()[0]!;
  const cluster = await startCluster(storage, streams + 1_000);
  const { bins, admin, client: clientKey } = cluster;
  const writer = bins[0]!;
  const clients: Unleash[] = [];
  const readers: Readers[] = [];
  try {
    for (let i = 0; i < FLAGS; i++) {
      const name = i === 0 ? FLAG : `flag-${i}`;
      await adminCall(writer, admin, 'POST', '/projects/default/features', { name });
      await adminCall(writer, admin, 'POST', `/projects/default/features/${name}/environments/development/strategies`, {
        name: 'flexibleRollout',
        parameters: { rollout: '50', stickiness: 'default', groupId: name },
        constraints: [{ contextName: 'userId', operator: 'NOT_IN', values: ['blocked'] }],
      });
      await adminCall(writer, admin, 'POST', `/projects/default/features/${name}/environments/development/on`);
    }
    await sleep(500);
    const rssBefore = bins.map((b) => rssOf(b.child.pid!));

    const sample = Math.min(options.sample, streams);
    const raw = streams - sample;
    let opened = 0;
    for (let left = raw; left > 0; left -= PER_READER) {
      const r = startReaders();
      readers.push(r);
      const answer = await r.ask<{ opened: number; refused: number }>({
        open: { urls: bins.map((b) => b.url), key: clientKey, count: Math.min(PER_READER, left) },
      });
      if (answer.refused) throw new Error(`${answer.refused} streams were refused`);
      opened += answer.opened;
    }
    // The real clients connect last: a change is written to the streams in the order they opened, so
    // theirs are the last written (the figure is the end of the fan-out, not its start).
    for (let i = 0; i < sample; i++) clients.push(await streamingClient(bins[i % bins.length]!.url, clientKey, i));
    await sleep(1_000);
    const rssPerStreamBytes = bins.map((b, i) => (rssOf(b.child.pid!) - rssBefore[i]!) / (streams / bins.length));
    process.stderr.write(`propagation (${storage}, ${bins.length} process(es)): ${sample} unleash-client + ${opened} raw streams open\n`);

    const cpuBefore = bins.reduce((sum, b) => sum + (processCpuMicros(b.child.pid!) ?? Number.NaN), 0);
    const readersCpuBefore = readersCpuMicros(readers);
    const answeredAt: number[] = [];
    const sentAt: number[] = [];
    const sdkDelays: number[] = [];
    const sdkFromSent: number[] = [];
    let sdkMissing = 0;
    for (let round = 0; round < options.rounds; round++) {
      const description = `round ${round}`;
      const arrivals = clients.map((c) => seen(c, description));
      const sent = now();
      const res = await fetch(`${writer.url}/api/admin/projects/default/features/${FLAG}`, {
        method: 'PATCH',
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify([{ op: 'replace', path: '/description', value: description }]),
      });
      const text = await res.text();
      const at = now();
      if (res.status !== 200) throw new Error(`PATCH: ${res.status} ${text.slice(0, 300)}`);
      answeredAt.push(at);
      sentAt.push(sent);
      for (const arrival of await Promise.all(arrivals)) {
        if (arrival === undefined) sdkMissing++;
        else {
          sdkDelays.push(arrival - at);
          sdkFromSent.push(arrival - sent);
        }
      }
      // The next change once this one reached every raw stream (or past the guard): rounds never overlap.
      await everyStreamRead(readers, round, raw);
    }

    const cpuPerChangeMs =
      (bins.reduce((sum, b) => sum + (processCpuMicros(b.child.pid!) ?? Number.NaN), 0) - cpuBefore) / 1000 / options.rounds;
    const readersCpuPerChangeMs = (readersCpuMicros(readers) - readersCpuBefore) / 1000 / options.rounds;
    const rawDelays: number[] = [];
    const rawFromSent: number[] = [];
    let rawMissing = 0;
    for (const r of readers) {
      const { arrivals } = await r.ask<{ arrivals: number[][] }>('report');
      answeredAt.forEach((at, round) => {
        const times = arrivals[round] ?? [];
        for (const time of times) {
          rawDelays.push(time - at);
          rawFromSent.push(time - sentAt[round]!);
        }
      });
    }
    rawMissing = raw * options.rounds - rawDelays.length;
    return {
      storage,
      processes: bins.length,
      streams,
      sampleClients: sample,
      rawStreams: opened,
      rounds: options.rounds,
      sdk: latency(sdkDelays, sdkMissing),
      raw: latency(rawDelays, rawMissing),
      fromSent: { sdk: latency(sdkFromSent, sdkMissing), raw: latency(rawFromSent, rawMissing) },
      patch: latency(
        answeredAt.map((at, round) => at - sentAt[round]!),
        0,
      ),
      cpuPerChangeMs,
      readersCpuPerChangeMs,
      rssPerStreamBytes,
      loadAverage: { before: loadBefore, after: loadavg()[0]! },
    };
  } finally {
    for (const c of clients) c.destroy();
    for (const r of readers) r.child.kill('SIGKILL');
    await cluster.stop();
  }
}

/** Every run: each stream count on lowdb (one bin), then on PostgreSQL (three bins). */
export async function propagationRuns(options: PropagationOptions): Promise<PropagationFigures[]> {
  const figures: PropagationFigures[] = [];
  for (const storage of options.storages ?? (['lowdb', 'postgres'] as const)) {
    for (const streams of options.streams) {
      const f = await run(storage, streams, options);
      process.stderr.write(`${propagationLine(f)}\n`);
      figures.push(f);
    }
  }
  return figures;
}

const share = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(0)} %` : 'n/a');
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : `${v.toFixed(1)} ms`);

const pair = (l: Latency) => `${ms(l.p50Ms)} / ${ms(l.p99Ms)}`;

function propagationLine(f: PropagationFigures): string {
  return (
    `${f.storage}, ${f.processes} process(es), ${f.streams.toLocaleString('en-US')} streams, p50 / p99 from the 2xx (from the PATCH sent): ` +
    `unleash-client ${pair(f.sdk)} (${pair(f.fromSent.sdk)}, ${f.sdk.count} timed, ${f.sdk.missing} missing); ` +
    `every stream ${pair(f.raw)} (${pair(f.fromSent.raw)}, ${f.raw.count} timed, ${f.raw.missing} missing); PATCH ${pair(f.patch)}; CPU per change ${ms(f.cpuPerChangeMs)} (readers ${ms(f.readersCpuPerChangeMs)});` +
    ` RSS per stream ${f.rssPerStreamBytes.map((b) => `${(b / 1024).toFixed(1)} KB`).join(' / ')}; load ${f.loadAverage.before.toFixed(1)} → ${f.loadAverage.after.toFixed(1)}`
  );
}

/** The runs as a Markdown table (targets: p99 ≤ 100 ms at 10,000 streams, RSS ≤ 20 KB per stream). */
export function propagationMarkdown(figures: readonly PropagationFigures[]): string {
  const lines = [
    '| storage | processes | open streams (unleash-client + raw) | unleash-client p50 / p99 from the 2xx (from the PATCH sent) | every stream p50 / p99 from the 2xx (from the PATCH sent) | read before the 2xx | PATCH p50 / p99 | bin CPU per change (readers) | missing | RSS per stream | load average (1 min, before → after) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const f of figures) {
    lines.push(
      `| ${f.storage} | ${f.processes} | ${f.streams.toLocaleString('en-US')} (${f.sampleClients} + ${f.rawStreams.toLocaleString('en-US')}) | ` +
        `${pair(f.sdk)} (${pair(f.fromSent.sdk)}) | ${pair(f.raw)} (${pair(f.fromSent.raw)}) | ${share(f.sdk.beforeAnswer + f.raw.beforeAnswer, f.sdk.count + f.raw.count)} | ${pair(f.patch)} | ${ms(f.cpuPerChangeMs)} (${ms(f.readersCpuPerChangeMs)}) | ${f.sdk.missing + f.raw.missing} | ` +
        `${f.rssPerStreamBytes.map((b) => `${(b / 1024).toFixed(1)} KB`).join(' / ')} | ${f.loadAverage.before.toFixed(1)} → ${f.loadAverage.after.toFixed(1)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
