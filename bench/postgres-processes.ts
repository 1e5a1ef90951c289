/**
 * What PostgreSQL costs per request on the traffic that grows with a fleet, and how reads spread over
 * processes: the SDK poll (`GET /api/client/features`), the frontend API (one context repeated) and an
 * admin GET (projects), each in alternating rounds on a lowdb bin (a copy of the same data), one bin on
 * PostgreSQL, and three bins on PostgreSQL loaded together (the connections split between them: a
 * round-robin). CPU per request counts the bins' processes and, on PostgreSQL, the database server's
 * (the postmaster and every backend), read from /proc around each measured load.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { BENCH_ADMIN_SECRET, copyDataSet } from './dataset';
import { FRONTEND_ROUTES } from './frontend';
import { runLoad, type HttpOptions } from './http';
import type { LoadResult } from './load';
import { sdkPollHeaders } from './sdk-poll-headers';
import { machineCpu, median, processCpuMicros, removeDirLater, sleep, startBuiltBin, type RunningBin } from './util';

export interface ProcessesFigure {
  route: string;
  label: string;
  /** Per round: req/s and CPU µs per request (bins + PostgreSQL where it is used). */
  lowdb: { rps: number[]; cpuUs: number[] };
  postgresOne: { rps: number[]; cpuUs: number[]; databaseCpuUs: number[] };
  postgresThree: { rps: number[]; cpuUs: number[]; databaseCpuUs: number[] };
  failures: string[];
}

interface Target {
  route: string;
  label: string;
  path: string;
  /** Writes what the route reads through `bin`'s API; the key to read it with. */
  prepare(bin: RunningBin): Promise<string>;
}

/** What one load measured alone gives: its results, and per 2xx answer the CPU of the processes and the database. */
export interface MeasuredLoad {
  results: LoadResult[];
  /** Answers per second, 2xx only (a limit's or a failure's answers cost less than the route's). */
  rps: number;
  /** CPU µs per 2xx answer: the processes given and the database, and of it the database's. */
  cpuUs: number;
  databaseCpuUs: number;
  /** The share of the machine's CPU time (every core, every process) spent busy meanwhile. */
  busy: number;
}

/**
 * Runs `load` for the warm-up (not counted), then for the measured seconds with the CPU of `pids` and of the
 * database (when `clusterDir` is given) and the machine's read around it.
 */
export async function measureLoad(
  load: (seconds: number) => Promise<LoadResult[]>,
  options: Pick<HttpOptions, 'durationSeconds' | 'warmupSeconds'>,
  pids: readonly number[],
  clusterDir?: string,
): Promise<MeasuredLoad> {
  if (options.warmupSeconds > 0) await load(options.warmupSeconds);
  const processes = () => pids.reduce((sum, pid) => sum + (processCpuMicros(pid) ?? Number.NaN), 0);
  const database = () => (clusterDir ? databaseCpuMicros(clusterDir) : 0);
  const before = { processes: processes(), database: database(), machine: machineCpu() };
  const results = await load(options.durationSeconds);
  const after = { processes: processes(), database: database(), machine: machineCpu() };
  const ok = results.reduce((sum, r) => sum + r.requests - r.non2xx, 0);
  const databaseCpuUs = (after.database - before.database) / Math.max(1, ok);
  return {
    results,
    rps: results.reduce((sum, r) => sum + (r.requests - r.non2xx) / r.durationSeconds, 0),
    cpuUs: (after.processes - before.processes) / Math.max(1, ok) + databaseCpuUs,
    databaseCpuUs,
    busy: (after.machine.busy - before.machine.busy) / Math.max(1, after.machine.total - before.machine.total),
  };
}

/**
 * CPU µs of the PostgreSQL server so far: its postmaster, the processes it started that ended (their time
 * is added to its children's when it waits for them) and those running (backends, writers).
 */
export function databaseCpuMicros(clusterDir: string): number {
  const postmaster = Number(readFileSync(join(clusterDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const stat = readFileSync(`/proc/${postmaster}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ended = ((Number(fields[13]) + Number(fields[14])) * 1e6) / ticksPerSecond();
  let total = (processCpuMicros(postmaster) ?? 0) + ended;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === postmaster) total += processCpuMicros(Number(entry)) ?? 0;
  }
  return total;
}

let ticks: number | undefined;
const ticksPerSecond = (): number => (ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

async function adminCall<T>(bin: RunningBin, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(bin.url + path, {
    method,
    headers: { authorization: BENCH_ADMIN_SECRET, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

function targets(): Target[] {
  const frontend = FRONTEND_ROUTES.find((r) => r.id === 'frontendRepeated')!;
  return [
    {
      route: 'sdkPoll',
      label: 'GET /api/client/features (the SDK poll)',
      path: '/api/client/features',
      async prepare(bin) {
        const body = { tokenName: 'bench-sdk', type: 'client', environment: 'production' };
        return (await adminCall<{ secret: string }>(bin, 'POST', '/api/admin/api-tokens', body)).secret;
      },
    },
    {
      route: 'frontend',
      label: frontend.label,
      path: frontend.path,
      async prepare(bin) {
        await frontend.setup!(bin.url);
        return frontend.key!();
      },
    },
    { route: 'projects', label: 'GET /api/admin/projects', path: '/api/admin/projects', prepare: async () => BENCH_ADMIN_SECRET },
  ];
}

/** Runs one load per bin at once (the connections split between them); their sum. */
async function loadTogether(bins: RunningBin[], key: string, target: Target, options: HttpOptions, seconds: number): Promise<LoadResult[]> {
  const each = Math.max(1, Math.round(options.connections / bins.length));
  return Promise.all(
    bins.map((bin) =>
      runLoad({
        url: bin.url + target.path,
        method: 'GET',
        headers: { authorization: key },
        connections: each,
        durationSeconds: seconds,
        warmupSeconds: 0,
      }),
    ),
  );
}

/**
 * `pgBins` (one, then three, on PostgreSQL, the data already copied) beside a lowdb bin on a copy of
 * `dataDir`: each target in `options.rounds` alternating rounds.
 */
export async function processesRuns(
  dataDir: string,
  clusterDir: string,
  pgBins: RunningBin[],
  options: HttpOptions,
): Promise<ProcessesFigure[]> {
  const lowdbDir = await copyDataSet(dataDir);
  removeDirLater(lowdbDir);
  const lowdb = await startBuiltBin(lowdbDir);
  try {
    const out: ProcessesFigure[] = [];
    for (const target of targets()) {
      // The PostgreSQL bins share one database: what the first wrote, each reads with the same key. (First:
      // the frontend route's set-up keeps the key of the bin it last wrote to.)
      const postgresKey = await target.prepare(pgBins[0]!);
      const lowdbKey = await target.prepare(lowdb);
      const figure: ProcessesFigure = {
        route: target.route,
        label: target.label,
        lowdb: { rps: [], cpuUs: [] },
        postgresOne: { rps: [], cpuUs: [], databaseCpuUs: [] },
        postgresThree: { rps: [], cpuUs: [], databaseCpuUs: [] },
        failures: [],
      };
      for (let round = 0; round < options.rounds; round++) {
        for (const [name, bins, database] of [
          ['lowdb', [lowdb], false],
          ['postgresOne', pgBins.slice(0, 1), true],
          ['postgresThree', pgBins, true],
        ] as const) {
          const key = database ? postgresKey : lowdbKey;
          // On PostgreSQL every bin on the database counts: the ones not loaded still follow its commits.
          const counted = database ? pgBins : bins;
          const { results, rps, cpuUs, databaseCpuUs } = await measureLoad(
            (seconds) => loadTogether([...bins], key, target, options, seconds),
            options,
            counted.map((b) => b.child.pid!),
            database ? clusterDir : undefined,
          );
          const row = figure[name];
          row.rps.push(rps);
          row.cpuUs.push(cpuUs);
          if ('databaseCpuUs' in row) row.databaseCpuUs.push(databaseCpuUs);
          for (const r of results) {
            if (r.non2xx || r.errors || r.timeouts || r.requests === 0) {
              figure.failures.push(`${name} round ${round + 1}: ${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors`);
            }
          }
          process.stderr.write(
            `postgres processes ${target.label} [${name}] round ${round + 1}: ${row.rps.at(-1)!.toFixed(0)} req/s, CPU ${row.cpuUs.at(-1)!.toFixed(1)} µs/request\n`,
          );
        }
      }
      out.push(figure);
    }
    return out;
  } finally {
    await lowdb.stop();
  }
}

/** A Markdown table: the first column left-aligned, the others (figures) right-aligned. */
function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/** The figures as Markdown rows (medians over the rounds). */
export function processesMarkdown(figures: readonly ProcessesFigure[]): string {
  const at = (rps: number[], cpu: number[], database?: number[]) =>
    `${median(rps).toFixed(0)}, ${median(cpu).toFixed(0)}${database ? ` (${median(database).toFixed(0)})` : ''}`;
  return markdownTable(
    [
      'route',
      'lowdb req/s, CPU µs',
      'PostgreSQL one bin req/s, CPU µs (database)',
      'three bins req/s, CPU µs (database)',
      'CPU PostgreSQL / lowdb',
      'CPU three / one',
    ],
    figures.map(({ label, lowdb, postgresOne: one, postgresThree: three }) => [
      label,
      at(lowdb.rps, lowdb.cpuUs),
      at(one.rps, one.cpuUs, one.databaseCpuUs),
      at(three.rps, three.cpuUs, three.databaseCpuUs),
      (median(one.cpuUs) / median(lowdb.cpuUs)).toFixed(2),
      (median(three.cpuUs) / median(one.cpuUs)).toFixed(2),
    ]),
  );
}

export interface UnleashFigure {
  route: string;
  /** Per round, req/s and CPU µs per request (the server's process and the database's). */
  flagadmin: { rps: number[]; cpuUs: number[] };
  unleash: { rps: number[]; cpuUs: number[] };
}

/**
 * Unleash 8.2.0 (the devDependency, started as the tests start it: test/helpers/unleash.ts) on the same
 * PostgreSQL server beside one flagadmin bin, holding the same flags: the SDK poll and a PATCH of the same
 * flag's description, in alternating rounds.
 */
export async function unleashRuns(
  postgresUrl: string,
  clusterDir: string,
  bin: RunningBin,
  /** The flag flagadmin PATCHes (the data set's). */
  patchPath: string,
  options: HttpOptions,
): Promise<UnleashFigure[]> {
  const { startUnleash } = await import('../test/helpers/unleash');
  // Unleash answers an address's SDK API calls past 20,000 a minute with 429 (SDK_API_RATE_LIMIT_PER_MINUTE):
  // the bench's one load generator passes that in seconds, so the limit is raised to measure the server.
  const unleash = await startUnleash({
    postgresUrl,
    log: () => undefined,
    backendKey: `*:production.${randomBytes(28).toString('hex')}`,
    env: { SDK_API_RATE_LIMIT_PER_MINUTE: '1000000000', TOKEN_AUTHENTICATION_RATE_LIMIT_PER_MINUTE: '1000000000' },
  });
  try {
    const body = { tokenName: 'bench-unleash', type: 'client', environment: 'production' };
    const clientKey = (await adminCall<{ secret: string }>(bin, 'POST', '/api/admin/api-tokens', body)).secret;
    await copyFlagsToUnleash(bin, clientKey, unleash.url, unleash.backendKey);
    // The flag flagadmin PATCHes, which Unleash now holds in its one project.
    const patched = patchPath.split('/').at(-1)!;
    const recorded = await sdkPollHeaders();
    const pollHeaders = {
      flagadmin: { ...recorded, authorization: clientKey },
      unleash: { ...recorded, authorization: unleash.backendKey },
    };
    await describePolls(`${bin.url}/api/client/features`, pollHeaders.flagadmin, `${unleash.url}/api/client/features`, pollHeaders.unleash);
    const json = { 'content-type': 'application/json' };
    const servers = {
      flagadmin: {
        pid: bin.child.pid!,
        poll: { url: `${bin.url}/api/client/features`, headers: { authorization: clientKey } },
        'sdk-poll': { url: `${bin.url}/api/client/features`, headers: pollHeaders.flagadmin },
        patch: { url: bin.url + patchPath, headers: { authorization: BENCH_ADMIN_SECRET, ...json } },
      },
      unleash: {
        pid: unleash.pid,
        poll: { url: `${unleash.url}/api/client/features`, headers: { authorization: unleash.backendKey } },
        'sdk-poll': { url: `${unleash.url}/api/client/features`, headers: pollHeaders.unleash },
        patch: {
          url: `${unleash.url}/api/admin/projects/default/features/${patched}`,
          headers: { authorization: unleash.adminKey, ...json },
        },
      },
    };
    const out: UnleashFigure[] = [];
    for (const route of ['poll', 'sdk-poll', 'patch'] as const) {
      const figure: UnleashFigure = { route, flagadmin: { rps: [], cpuUs: [] }, unleash: { rps: [], cpuUs: [] } };
      for (let round = 0; round < options.rounds; round++) {
        for (const name of ['flagadmin', 'unleash'] as const) {
          const server = servers[name];
          const spec = {
            url: server[route].url,
            method: route === 'patch' ? ('PATCH' as const) : ('GET' as const),
            headers: server[route].headers,
            patchDescription: route === 'patch',
            connections: options.connections,
            durationSeconds: options.durationSeconds,
            warmupSeconds: 0,
          };
          const measured = await measureLoad(
            async (seconds) => [await runLoad({ ...spec, durationSeconds: seconds })],
            options,
            [server.pid],
            clusterDir,
          );
          figure[name].rps.push(measured.rps);
          figure[name].cpuUs.push(measured.cpuUs);
          process.stderr.write(
            `unleash side by side ${route} [${name}] round ${round + 1}: ${measured.rps.toFixed(0)} 2xx/s (${measured.results[0]!.non2xx} non-2xx), CPU ${measured.cpuUs.toFixed(0)} µs per 2xx\n`,
          );
        }
      }
      out.push(figure);
    }
    return out;
  } finally {
    await unleash.stop();
  }
}

/**
 * The same flags on both sides: each project's production flags exported by flagadmin (Unleash's export
 * format) and imported by Unleash into its one project (its open-source edition creates no projects), so
 * both polls answer the same flags and strategies.
 */
async function copyFlagsToUnleash(bin: RunningBin, clientKey: string, unleashUrl: string, unleashKey: string): Promise<void> {
  const { personalAccessToken } = await import('../test/helpers/unleash-sdk-answers');
  const token = await personalAccessToken(unleashUrl, 'bench'); // Unleash's import refuses admin API keys
  const { projects } = await adminCall<{ projects: { id: string }[] }>(bin, 'GET', '/api/admin/projects');
  for (const { id } of projects) {
    const data = await adminCall<unknown>(bin, 'POST', '/api/admin/features-batch/export', { environment: 'production', project: id });
    const imported = await fetch(`${unleashUrl}/api/admin/features-batch/import`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ project: 'default', environment: 'production', data }),
    });
    if (imported.status !== 200) throw new Error(`Unleash: importing ${id}'s flags: ${imported.status} ${await imported.text()}`);
  }
  // Unleash's import leaves out the strategies of the flags that are off: each is added through its admin API.
  const theirs = await clientFlags(`${unleashUrl}/api/client/features`, unleashKey);
  const ours = await clientFlags(`${bin.url}/api/client/features`, clientKey);
  for (const flag of ours.values()) {
    const missing = flag.strategies.slice(theirs.get(flag.name)?.strategies.length ?? 0);
    for (const { name, constraints, parameters } of missing) {
      const added = await fetch(`${unleashUrl}/api/admin/projects/default/features/${flag.name}/environments/production/strategies`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ name, constraints, parameters }),
      });
      if (added.status !== 200) throw new Error(`Unleash: adding a strategy to ${flag.name}: ${added.status} ${await added.text()}`);
    }
  }
  // Unleash answers its poll from a cache it refreshes on its own: wait until the answer has every strategy.
  const strategies = (flags: Map<string, ClientFlag>) => [...flags.values()].reduce((n, f) => n + f.strategies.length, 0);
  const want = strategies(ours);
  for (let tries = 0; strategies(await clientFlags(`${unleashUrl}/api/client/features`, unleashKey)) < want; tries++) {
    if (tries === 100) throw new Error('Unleash never answered the strategies added');
    await sleep(200);
  }
}

interface ClientFlag {
  name: string;
  strategies: { name: string; constraints: unknown[]; parameters: Record<string, string> }[];
}

async function clientFlags(url: string, key: string): Promise<Map<string, ClientFlag>> {
  const { features } = (await (await fetch(url, { headers: { authorization: key } })).json()) as { features: ClientFlag[] };
  return new Map(features.map((f) => [f.name, f]));
}

/** What each poll answers (its flags and bytes), so the two are seen to answer alike. */
/** Each side's poll: its flags and bytes, as they are and as the SDK's request gets them (compressed). */
async function describePolls(
  flagadminUrl: string,
  flagadminHeaders: Record<string, string>,
  unleashUrl: string,
  unleashHeaders: Record<string, string>,
): Promise<void> {
  for (const [name, url, headers] of [
    ['flagadmin', flagadminUrl, flagadminHeaders],
    ['Unleash', unleashUrl, unleashHeaders],
  ] as const) {
    const plain = await requestBytes(url, { authorization: headers['authorization']! });
    const sdk = await requestBytes(url, headers);
    const flags = (JSON.parse(plain.body.toString()) as { features: unknown[] }).features.length;
    process.stderr.write(
      `unleash side by side: ${name}'s poll answers ${flags} flags in ${plain.body.length} bytes; ` +
        `to the SDK's request (${headers['accept-encoding']}), ${sdk.body.length} bytes as ${sdk.encoding ?? 'identity'}\n`,
    );
  }
}

/** One GET's body as sent (node:http does not decode it) and its content-encoding. */
function requestBytes(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const UNLEASH_ROUTE_LABELS: Record<string, string> = {
  poll: 'GET /api/client/features (no Accept-Encoding)',
  'sdk-poll': "GET /api/client/features with unleash-client 6's own headers (gzip)",
  patch: 'PATCH a description',
};

export function unleashMarkdown(figures: readonly UnleashFigure[]): string {
  return markdownTable(
    ['route', 'flagadmin req/s, CPU µs (with the database)', 'Unleash 8.2.0 req/s, CPU µs', 'flagadmin / Unleash req/s'],
    figures.map(({ route, flagadmin, unleash }) => [
      UNLEASH_ROUTE_LABELS[route] ?? route,
      `${median(flagadmin.rps).toFixed(0)}, ${median(flagadmin.cpuUs).toFixed(0)}`,
      `${median(unleash.rps).toFixed(0)}, ${median(unleash.cpuUs).toFixed(0)}`,
      (median(flagadmin.rps) / median(unleash.rps)).toFixed(1),
    ]),
  );
}
