/**
 * `pnpm bench --storage postgres`: the small data set copied into a PostgreSQL server started for the
 * run (the tests' helper: the machine's server binaries, a temporary cluster), the HTTP ratio runs
 * against the built bin on it, and PATCH throughput with one and with three bins on the database.
 */
import { COLLECTION_NAMES, type SequenceName } from '@flagadmin/core';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import { postgresStorage } from '@flagadmin/storage-postgres';
import { startPostgres, type TestPostgres } from '../test/helpers/postgres';
import type { DataSetInfo } from './dataset';
import { ratioRuns, requestHeaders, routesFor, runLoad, type HttpOptions, type RouteRatio } from './http';
import pg from 'pg';
import { fleetRun, type FleetFigures, type FleetOptions } from './fleet';
import { onCleanup, sleep, startBuiltBin, type RunningBin } from './util';
import {
  databaseCpuMicros,
  measureLoad,
  processesMarkdown,
  processesRuns,
  unleashMarkdown,
  unleashRuns,
  type ProcessesFigure,
  type UnleashFigure,
} from './postgres-processes';

const BATCH = 2_000;

/** Copies every record, event (same ids, same order) and sequence value of a lowdb data directory. */
async function copyInto(dir: string, url: string): Promise<void> {
  const from = await lowdbStorage({ dir });
  const to = await postgresStorage({ url });
  try {
    const { records, events, sequences } = await from.read(async (tx) => {
      const records = await Promise.all(COLLECTION_NAMES.map(async (c) => [c, await tx.list(c)] as const));
      const events = (await tx.events({})).reverse().map((text) => JSON.parse(text));
      const apiKeys = await tx.list('apiKeys');
      const requests = await tx.list('changeRequests');
      const sequences: [SequenceName, number][] = [
        ['apiKey', Math.max(0, ...apiKeys.map((k) => k.id))],
        ['changeRequest', Math.max(0, ...requests.map((r) => r.id))],
        ['change', Math.max(0, ...requests.flatMap((r) => r.features.flatMap((f) => f.changes.map((c) => c.id))))],
      ];
      return { records, events, sequences };
    });
    for (const [collection, list] of records) {
      for (let i = 0; i < list.length; i += BATCH) {
        await to.write(async (tx) => {
          for (const r of list.slice(i, i + BATCH)) await tx.put(collection, r as never);
        });
      }
    }
    for (let i = 0; i < events.length; i += BATCH) {
      await to.write(async (tx) => {
        for (const e of events.slice(i, i + BATCH)) await tx.appendEvent(e);
      });
    }
    await to.write(async (tx) => {
      for (const [name, value] of sequences) for (let n = 0; n < value; n++) await tx.nextSequence(name);
    });
  } finally {
    await from.close();
    await to.close();
  }
}

export interface PostgresFigures {
  http: RouteRatio[];
  /** PATCH req/s (sum over the bins) with one and with three bins on the database. */
  patchOne: number;
  patchThree: number;
  /** The SDK poll, the frontend API and an admin GET: lowdb, one and three bins on PostgreSQL (CPU with the database's). */
  processes: ProcessesFigure[];
  /** The SDK poll and a PATCH beside Unleash 8.2.0 on the same PostgreSQL server. */
  unleash: UnleashFigure[];
}

/**
 * A PostgreSQL server started for one part of the run, holding a copy of `dataDir`; `fn` starts bins on
 * it. The bins and the server are stopped afterwards, whatever happens.
 */
export async function withDatabase<T>(
  dataDir: string,
  fn: (db: { url: string; clusterDir: string; server: TestPostgres; startBin(): Promise<RunningBin> }) => Promise<T>,
): Promise<T> {
  const server = await startPostgres();
  const unregister = onCleanup('postgres server', () => server.stop());
  const bins: RunningBin[] = [];
  try {
    await copyInto(dataDir, server.url);
    const startBin = async () => {
      const bin = await startBuiltBin(dataDir, { args: ['--database-url', server.url] });
      bins.push(bin);
      return bin;
    };
    return await fn({ url: server.url, clusterDir: server.dir, server, startBin });
  } finally {
    await Promise.all(bins.map((b) => b.stop(10_000)));
    unregister();
    await server.stop();
  }
}

export function postgresRuns(dataDir: string, info: DataSetInfo, options: HttpOptions, only?: readonly string[]): Promise<PostgresFigures> {
  return withDatabase(dataDir, async ({ url, startBin, clusterDir }) => {
    const first = await startBin();
    const http = await ratioRuns(first, info, options, only);
    const patch = routesFor(info).find((r) => r.id === 'patch')!;
    const bins = [first, await startBin(), await startBin()];
    const { one, three } = await patchThroughput(bins, patch.path, requestHeaders(patch), options, false, clusterDir);
    const processes = await processesRuns(dataDir, clusterDir, bins, options);
    if (processes.length) process.stderr.write(`\n${processesMarkdown(processes)}\n\n`);
    const unleash = await unleashRuns(url, clusterDir, first, patch.path, options);
    process.stderr.write(`\n${unleashMarkdown(unleash)}\n\n`);
    return {
      http,
      patchOne: one,
      patchThree: three,
      processes,
      unleash,
    };
  });
}

/**
 * PATCH req/s with the first bin alone (all the connections), then with the three together: one load
 * generator spreading its connections over them round-robin (as a load balancer would), the same
 * number per bin as `spread` (the connections split, rounded up) gives each of its own generators.
 * `spread`: one generator per bin instead (three load generators on the machine, not one).
 */
export async function patchThroughput(
  bins: readonly RunningBin[],
  path: string,
  headers: Record<string, string>,
  options: Pick<HttpOptions, 'connections' | 'durationSeconds' | 'warmupSeconds'>,
  spread = false,
  /** The database's cluster: its CPU counts in the CPU per PATCH. */
  clusterDir?: string,
): Promise<PatchThroughput> {
  const patchLoad = (to: readonly RunningBin[], connections: number, durationSeconds: number) =>
    runLoad({
      url: to.length === 1 ? to[0]!.url + path : to.map((bin) => bin.url + path),
      method: 'PATCH',
      headers,
      patchDescription: true,
      connections,
      durationSeconds,
      warmupSeconds: 0,
    });
  const perBin = Math.ceil(options.connections / bins.length);
  const loads = (to: readonly RunningBin[], durationSeconds: number) =>
    to.length === 1
      ? patchLoad(to, options.connections, durationSeconds).then((r) => [r])
      : spread
        ? Promise.all(to.map((b) => patchLoad([b], perBin, durationSeconds)))
        : patchLoad(to, perBin * to.length, durationSeconds).then((r) => [r]);
  // Every bin counts, the ones not loaded too: each follows the others' commits (their notifications).
  const pids = bins.map((b) => b.child.pid!);
  const measured = async (to: readonly RunningBin[]) => {
    const m = await measureLoad((seconds) => loads(to, seconds), options, pids, clusterDir);
    for (const r of m.results) if (r.non2xx || r.errors) throw new Error(`PATCH load: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return m;
  };
  const one = await measured([bins[0]!]);
  const three = await measured(bins);
  process.stderr.write(
    `postgres PATCH: one bin ${one.rps.toFixed(0)} req/s, ${one.cpuUs.toFixed(0)} µs CPU each (database ${one.databaseCpuUs.toFixed(0)}), machine ${(one.busy * 100).toFixed(0)} % busy; ` +
      `three bins ${three.rps.toFixed(0)} req/s, ${three.cpuUs.toFixed(0)} µs (${three.databaseCpuUs.toFixed(0)}), ${(three.busy * 100).toFixed(0)} % busy\n`,
  );
  return {
    one: one.rps,
    three: three.rps,
    oneCpuUs: one.cpuUs,
    threeCpuUs: three.cpuUs,
    oneDatabaseCpuUs: one.databaseCpuUs,
    threeDatabaseCpuUs: three.databaseCpuUs,
    oneBusy: one.busy,
    threeBusy: three.busy,
  };
}

export interface PatchThroughput {
  /** PATCH/s of the first bin alone, and of the three together. */
  one: number;
  three: number;
  /** CPU µs per PATCH of every bin (the ones not loaded follow the commits too) and of the database, when its cluster was given. */
  oneCpuUs: number;
  threeCpuUs: number;
  /** Of that, the database's. */
  oneDatabaseCpuUs: number;
  threeDatabaseCpuUs: number;
  /** The share of the machine's CPU time (every core, every process) spent busy during each load. */
  oneBusy: number;
  threeBusy: number;
}

/** Bytes the database holds (tables, indexes, TOAST), as PostgreSQL counts them. */
async function databaseBytes(url: string): Promise<number> {
  const [row] = await sql<{ bytes: string }>(url, 'SELECT pg_database_size(current_database()) AS bytes');
  return Number(row!.bytes);
}

/** Connections the database server has now (every client backend). */
async function connectionsNow(url: string): Promise<number> {
  const [row] = await sql<{ n: number }>(url, "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'");
  return row!.n - 1; // this one
}

async function sql<R>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as R[];
  } finally {
    await client.end();
  }
}

/** PostgreSQL stopped this many seconds into a fleet run (open connections cut), and started again after `downSeconds`. */
export interface FleetRestart {
  atSeconds: number;
  downSeconds: number;
}

/**
 * The fleet scenario spread over three bins (round-robin by SDK instance) on a PostgreSQL server started
 * for the run; with `restart`, the server is stopped and started again during it.
 */
export function postgresFleet(dataDir: string, info: DataSetInfo, options: FleetOptions, restart?: FleetRestart): Promise<FleetFigures> {
  return withDatabase(dataDir, async ({ url, clusterDir, server, startBin }) => {
    const bins = [await startBin(), await startBin(), await startBin()];
    const figures = fleetRun(bins[0]!, info, 'postgres, three bins', options, () => databaseBytes(url), {
      others: bins.slice(1),
      // While the server is down its processes are gone: the CPU they had is counted up to there.
      databaseCpuMicros: () => {
        try {
          return databaseCpuMicros(clusterDir);
        } catch {
          return 0;
        }
      },
      databaseConnections: () => connectionsNow(url),
    });
    if (restart) {
      await sleep(restart.atSeconds * 1000);
      await server.halt();
      process.stderr.write(`fleet: PostgreSQL stopped at ${restart.atSeconds} s\n`);
      await sleep(restart.downSeconds * 1000);
      await server.resume();
      process.stderr.write(`fleet: PostgreSQL started again after ${restart.downSeconds} s\n`);
    }
    try {
      return await figures;
    } finally {
      // A 500 is a bug even while the database is away: show what the bins logged at error level.
      for (const [i, bin] of bins.entries()) {
        const errors = bin
          .output()
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line));
        for (const line of errors.slice(0, 5)) process.stderr.write(`fleet: bin ${i} logged ${line.slice(0, 2_000)}\n`);
        if (errors.length > 5) process.stderr.write(`fleet: bin ${i} logged ${errors.length - 5} more error lines\n`);
      }
    }
  });
}
