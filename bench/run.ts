/**
 * `pnpm bench`: flagadmin against bare node:http (HTTP ratio runs) and against its own data size
 * (scale). Prints one Markdown table on stdout (progress goes to stderr) and writes every figure to
 * bench/results/latest.json (a default full run) or bench/results/trial.json (--quick / --only / --route).
 *
 *   node --conditions=source --import tsx bench/run.ts [--quick] [--only http|scale|fleet|propagation|migrate] [--route ID]... [--regenerate] [--storage lowdb|postgres] [--streaming]
 *
 * `--route ID` (repeatable) runs only those HTTP routes (projects, events, projectEvents, changeRequest,
 * outdatedSdks, features, feature, strategies, variants, segments, search, featureEvents, documentEvents, patch): for trying one change quickly. `--storage postgres`: the HTTP ratio runs with the
 * bin on PostgreSQL, plus PATCH throughput with one and three bins (bench/postgres.ts); no scale part.
 * Each HTTP row also gives the server's CPU per request (from /proc). BENCH_BIN_NODE_ARGS passes node
 * flags to the bin under load, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" or "--perf-basic-prof" for perf.
 * `--streaming`: the fleet holds a stream per SDK instance instead of polling (bench/fleet.ts).
 * `--only propagation` (bench/propagation.ts): a change's way to SDK streams, on lowdb (one bin) and on
 * PostgreSQL (three bins), with 1,000 and 10,000 open streams (--quick: 1,000); not part of a default run.
 * `--only migrate` (bench/migrate.ts): `flagadmin migrate` of a 10,000-flag Unleash (--quick: 1,000), time and
 * peak RSS; not part of a default run (it starts Unleash).
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release, platform } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DATA_SETS, FULL_DOCUMENT_EVERY, copyDataSet, ensureDataSet, type DataSetInfo, type DataSetSpec } from './dataset';
import { ratioRuns, routesFor, type HttpOptions, type RouteRatio } from './http';
import { postgresFleet, postgresRuns, type PostgresFigures } from './postgres';
import { binFigures, latencies, OPERATIONS, type BinFigures, type OperationId } from './scale';
import { fleetRun, type FleetFigures, type FleetOptions } from './fleet';
import { propagationMarkdown, propagationRuns, type PropagationFigures, type PropagationOptions } from './propagation';
import { migrateMarkdown, migrateRun, type MigrateFigures } from './migrate';
import { BENCH_DIR, BUILT_BIN, ROOT, cleanup, dirSize, formatBytes, killAllNow, median, removeDirLater, startBuiltBin } from './util';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    route: { type: 'string', multiple: true },
    regenerate: { type: 'boolean', default: false },
    storage: { type: 'string', default: 'lowdb' },
    streaming: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  process.stdout.write(
    'usage: pnpm bench [--quick] [--only http|scale|fleet|propagation|migrate] [--route ID]... [--regenerate] [--storage lowdb|postgres] [--streaming]\n',
  );
  process.exit(0);
}
if (args.only !== undefined && !['http', 'scale', 'fleet', 'propagation', 'migrate'].includes(args.only)) {
  process.stderr.write(`bench: --only takes http, scale, fleet, propagation or migrate, not "${args.only}"\n`);
  process.exit(2);
}

if (args.storage !== 'lowdb' && args.storage !== 'postgres') {
  process.stderr.write(`bench: --storage takes lowdb or postgres, not "${args.storage}"\n`);
  process.exit(2);
}
const onPostgres = args.storage === 'postgres';
const quick = args.quick;
const parts = {
  http: args.only === undefined || args.only === 'http',
  scale: (args.only === undefined || args.only === 'scale') && !onPostgres,
  fleet: (args.only === undefined || args.only === 'fleet') && !args.route,
  propagation: args.only === 'propagation',
  migrate: args.only === 'migrate',
};
const settings = {
  http: (quick
    ? { rounds: 2, durationSeconds: 1, warmupSeconds: 0.5, connections: 10 }
    : { rounds: 3, durationSeconds: 3, warmupSeconds: 1, connections: 10 }) satisfies HttpOptions,
  latency: quick ? { warmup: 20, calls: 100 } : { warmup: 100, calls: 500 },
  binLoad: { seconds: quick ? 1 : 2, connections: 10 },
  /** SDK instances over a few hundred apps, polling every 15 s and posting metrics every 60 s. */
  fleet: {
    ...(quick
      ? { instances: 2_000, apps: 60, seconds: 20, connections: 32 }
      : { instances: 10_000, apps: 300, seconds: 60, connections: 256 }),
    // --streaming: each instance holds a stream instead of polling; a flag changes every 10 s either way.
    mode: args.streaming ? 'streaming' : 'polling',
    changeEverySeconds: 10,
  } satisfies FleetOptions,
  /** Open SDK streams per run: real unleash-client instances for a sample, raw SSE readers for the rest. */
  propagation: (quick
    ? { streams: [1_000], sample: 50, rounds: 10 }
    : { streams: [1_000, 10_000], sample: 100, rounds: 20 }) satisfies PropagationOptions,
  /** The whole run is stopped past this (the large set's first generation included). */
  watchdogMinutes: quick ? 15 : 60,
};
const sets: DataSetSpec[] = [DATA_SETS.small, quick ? DATA_SETS['large-quick'] : DATA_SETS.large];

interface ScaleFigures {
  dataSet: DataSetInfo;
  operations: Record<OperationId, { p50Ms: number; p99Ms: number; calls: number }>;
  bin: BinFigures;
}

interface Row {
  figure: string;
  small: string;
  large: string;
  result: string;
  target: string;
  met: boolean | null;
}

const fmtMs = (ms: number) =>
  ms >= 1000
    ? `${(ms / 1000).toFixed(2)} s`
    : ms >= 10
      ? `${ms.toFixed(0)} ms`
      : ms >= 0.1
        ? `${ms.toFixed(3)} ms`
        : `${(ms * 1000).toFixed(2)} µs`;
const fmtMiB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const fmtRps = (rps: number) => Math.round(rps).toLocaleString('en-US');

/** Every admin GET route at 0.60 of bare node:http on the embedded storage; the durable PATCH at 0.15. */
const ADMIN_GET_ROUTES = [
  'projects',
  'events',
  'projectEvents',
  'documentEvents',
  'changeRequest',
  'outdatedSdks',
  'features',
  'feature',
  'strategies',
  'variants',
  'segments',
  'search',
  'featureEvents',
];
/** HTTP routes whose flagadmin req/s must stay within `factor` of another route's, in the same run. */
const SAME_RUN_ROUTES: readonly { route: string; versus: string; factor: number }[] = [
  { route: 'search', versus: 'projects', factor: 2 },
  { route: 'featureEvents', versus: 'projects', factor: 2 },
];
const RATIO_TARGETS: Partial<Record<string, number>> = onPostgres
  ? { projects: 0.25, patch: 0.05 }
  : { ...Object.fromEntries(ADMIN_GET_ROUTES.map((id) => [id, 0.6])), patch: 0.15, frontend: 0.3 };
const SCALE_TARGETS: Partial<Record<OperationId, number>> = { listEvents: 1.5, patchFeature: 2, listProjects: 3 };
const OPERATION_LABELS: Record<OperationId, string> = {
  listProjects: 'listProjects p50',
  listEvents: 'listEvents (last 100) p50',
  listProjectEvents: 'listEvents of one project p50',
  getChangeRequest: 'getChangeRequest p50',
  listOutdatedSdks: 'listOutdatedSdks p50',
  patchFeature: 'patchFeature (durable) p50',
  searchFeatures: 'searchFeatures (a new page each call) p50',
  searchFeaturesKept: 'searchFeatures (the same page: kept per revision) p50',
  getFeatureEvents: "getEventsForToggle (a busy project's features in turn) p50",
  archiveRevive: 'archiveFeature / reviveFeature in turn (durable) p50',
};

/**
 * Operations compared with another measured in the same process on the same data set (`≤ target ×` it).
 * listProjects is served from the answer kept per revision, so search and events have no target against
 * it in process: theirs is the HTTP one (SAME_RUN_ROUTES, on each data set's bin).
 */
const SAME_RUN_TARGETS: readonly { op: OperationId; versus: OperationId; target?: number }[] = [
  { op: 'searchFeatures', versus: 'listProjects' },
  { op: 'searchFeaturesKept', versus: 'listProjects' },
  { op: 'getFeatureEvents', versus: 'listProjects' },
  { op: 'archiveRevive', versus: 'patchFeature', target: 1 },
];

/** Server CPU per request, medians over the rounds (µs): flagadmin / bare node:http. */
function cpuNote(r: RouteRatio): string {
  if (r.flagadminCpuUs.length === 0 || r.baselineCpuUs.length === 0) return '';
  const f = median(r.flagadminCpuUs);
  const b = median(r.baselineCpuUs);
  return `; CPU ${f.toFixed(1)} / ${b.toFixed(1)} µs per request (${(b / f).toFixed(2)})`;
}

function rows(http: RouteRatio[] | undefined, scale: ScaleFigures[] | undefined, postgres?: PostgresFigures, fleet?: FleetFigures): Row[] {
  const out: Row[] = [];
  const storageNote = onPostgres ? ' [PostgreSQL]' : '';
  for (const r of http ?? []) {
    const target = RATIO_TARGETS[r.route];
    const failed = r.failures.length > 0;
    out.push({
      figure: `${r.label}: flagadmin${storageNote} / bare node:http (best round req/s; ${formatBytes(r.responseBytes)} body)`,
      small: `${fmtRps(Math.max(...r.flagadminRps))} / ${fmtRps(Math.max(...r.baselineRps))}${cpuNote(r)}`,
      large: '',
      result: failed ? `${r.medianRatio.toFixed(2)} (non-2xx!)` : r.medianRatio.toFixed(2),
      target: target === undefined ? '' : `≥ ${target.toFixed(2)}`,
      met: target === undefined ? null : !failed && r.medianRatio >= target,
    });
  }
  for (const { route, versus, factor } of SAME_RUN_ROUTES) {
    const [r, v] = [route, versus].map((id) => http?.find((x) => x.route === id));
    if (!r || !v) continue;
    const rps = (x: RouteRatio) => median(x.flagadminRps);
    out.push({
      figure: `${r.label} / ${v.label}: flagadmin's median req/s, same run${storageNote}`,
      small: `${fmtRps(rps(r))} / ${fmtRps(rps(v))}`,
      large: '',
      result: `${(rps(r) / rps(v)).toFixed(2)}`,
      target: `≥ ${(1 / factor).toFixed(2)}`,
      met: rps(r) / rps(v) >= 1 / factor,
    });
  }
  if (postgres) {
    for (const [figure, rps] of [
      ['PATCH throughput, one bin on PostgreSQL', postgres.patchOne],
      ['PATCH throughput, three bins on one PostgreSQL (sum)', postgres.patchThree],
    ] as const) {
      out.push({ figure, small: `${fmtRps(rps)} req/s`, large: '', result: '', target: '', met: null });
    }
  }
  if (scale && scale.length === 2) {
    const [small, large] = scale as [ScaleFigures, ScaleFigures];
    for (const op of OPERATIONS) {
      const ratio = large.operations[op].p50Ms / small.operations[op].p50Ms;
      const target = SCALE_TARGETS[op];
      const which = op === 'listProjectEvents' ? ` (${small.dataSet.project}, ${small.dataSet.projectEventCount} events)` : '';
      out.push({
        figure: `${OPERATION_LABELS[op]}${which}, large / small`,
        small: fmtMs(small.operations[op].p50Ms),
        large: fmtMs(large.operations[op].p50Ms),
        result: `${ratio.toFixed(2)}×`,
        target: target === undefined ? '' : `≤ ${target}`,
        met: target === undefined ? null : ratio <= target,
      });
      if (op === 'listProjects') {
        // The list itself grows with the number of projects (default included): the cost per project listed.
        const per = (f: ScaleFigures) => f.operations.listProjects.p50Ms / (f.dataSet.spec.projects + 1);
        out.push({
          figure: 'listProjects p50 per project listed, large / small',
          small: fmtMs(per(small)),
          large: fmtMs(per(large)),
          result: `${(per(large) / per(small)).toFixed(2)}×`,
          target: '',
          met: null,
        });
      }
    }
    for (const { op, versus, target } of SAME_RUN_TARGETS) {
      const ratio = (f: ScaleFigures) => f.operations[op].p50Ms / f.operations[versus].p50Ms;
      out.push({
        figure: `${OPERATION_LABELS[op]} / ${versus} p50, same process and data set`,
        small: `${ratio(small).toFixed(2)}×`,
        large: `${ratio(large).toFixed(2)}×`,
        result: `${ratio(large).toFixed(2)}×`,
        target: target === undefined ? '' : `≤ ${target} (large)`,
        met: target === undefined ? null : ratio(large) <= target,
      });
    }
    for (const { route, versus, factor } of SAME_RUN_ROUTES) {
      const share = (f: ScaleFigures) => (f.bin.routeRps[route] ?? 0) / (f.bin.routeRps[versus] ?? 1);
      out.push({
        figure: `bin under load: ${route} / ${versus} req/s, same bin (${small.bin.loadSeconds / routesFor(small.dataSet).length} s each, one after the other)`,
        small: share(small).toFixed(2),
        large: share(large).toFixed(2),
        result: share(large).toFixed(2),
        target: `≥ ${(1 / factor).toFixed(2)} (large)`,
        met: share(large) >= 1 / factor,
      });
    }
    out.push({
      figure: 'start to `listening` (built bin)',
      small: fmtMs(small.bin.startMs),
      large: fmtMs(large.bin.startMs),
      result: fmtMs(large.bin.startMs),
      target: '≤ 5 s (large)',
      met: large.bin.startMs <= 5000,
    });
    out.push({
      figure: 'server RSS idle after start',
      small: fmtMiB(small.bin.rssIdleBytes),
      large: fmtMiB(large.bin.rssIdleBytes),
      result: '',
      target: '',
      met: null,
    });
    out.push({
      figure: `server RSS after load (every route, ${small.bin.loadSeconds} s)`,
      small: fmtMiB(small.bin.rssAfterLoadBytes),
      large: fmtMiB(large.bin.rssAfterLoadBytes),
      result: fmtMiB(large.bin.rssAfterLoadBytes),
      target: '≤ 400 MiB (large)',
      met: large.bin.rssAfterLoadBytes <= 400 * 2 ** 20,
    });
    const describe = (d: DataSetInfo) =>
      `${d.spec.projects} projects, ${d.spec.features.toLocaleString('en-US')} features, ${d.spec.events.toLocaleString('en-US')} events; ${formatBytes(d.bytes)}, generated in ${d.generationSeconds.toFixed(1)} s`;
    out.push({ figure: 'data set', small: describe(small.dataSet), large: describe(large.dataSet), result: '', target: '', met: null });
  }
  if (fleet) out.push(...fleetRows(fleet));
  return out;
}

/** The fleet's figures as rows: what it asked, how fast it was answered, what the server spent and kept. */
function fleetRows(f: FleetFigures): Row[] {
  const on = `fleet [${f.storage}, ${f.options.mode ?? 'polling'}, ${f.options.instances.toLocaleString('en-US')} SDK instances, ${f.options.apps} apps, ${f.load.seconds.toFixed(0)} s]`;
  const row = (figure: string, result: string): Row => ({
    figure: `${on}: ${figure}`,
    small: '',
    large: '',
    result,
    target: '',
    met: null,
  });
  const statuses = (k: keyof FleetFigures['load']['kinds']) =>
    Object.entries(f.load.kinds[k].statuses)
      .map(([status, n]) => `${n.toLocaleString('en-US')}× ${status}`)
      .join(', ');
  const latency = (k: keyof FleetFigures['load']['kinds']) =>
    `p50 ${fmtMs(f.load.kinds[k].p50Ms)}, p99 ${fmtMs(f.load.kinds[k].p99Ms)} (${statuses(k)})`;
  return [
    row('requests/s sustained (all kinds)', `${fmtRps(f.load.requestsPerSecond)} (${f.load.requests.toLocaleString('en-US')} requests)`),
    row('registration latency', latency('register')),
    f.load.streams
      ? row(
          'streams: open at the end, at the last revision, updates read (time to the hydration)',
          `${f.load.streams.open.toLocaleString('en-US')}, ${f.load.streams.current.toLocaleString('en-US')}, ${f.load.streams.updates.toLocaleString('en-US')} (${latency('stream')})`,
        )
      : row('poll with If-None-Match latency', latency('poll')),
    row('flag changes during the run', String(f.changes)),
    row('metrics post latency', latency('metrics')),
    row('server CPU', `${(f.cpuShareOfOneCore * 100).toFixed(0)} % of one core (${f.cpuSeconds.toFixed(1)} s)`),
    row('server RSS before / max / after', `${fmtMiB(f.rssBeforeBytes)} / ${fmtMiB(f.rssMaxBytes)} / ${fmtMiB(f.rssAfterBytes)}`),
    row('storage on disk before / after', `${formatBytes(f.storageBytesBefore)} / ${formatBytes(f.storageBytesAfter)}`),
    row(
      'events before / after (SDK traffic writes none)',
      `${f.eventsBefore.toLocaleString('en-US')} / ${f.eventsAfter.toLocaleString('en-US')}`,
    ),
    row(
      'outdated-SDK report after',
      `${f.outdatedReport.versions} versions, ${f.outdatedReport.applications} applications, ${formatBytes(f.outdatedReport.bytes)}`,
    ),
  ];
}

function markdown(table: Row[]): string {
  const header = '| figure | small | large | result | target | met |\n|---|---|---|---|---|---|\n';
  const cell = (s: string) => s.replaceAll('|', '\\|');
  return (
    header +
    table
      .map((r) => `| ${[r.figure, r.small, r.large, r.result, r.target, r.met === null ? '' : r.met ? '✓' : '✗'].map(cell).join(' | ')} |`)
      .join('\n') +
    '\n'
  );
}

function machine() {
  const list = cpus();
  return {
    cpuModel: list[0]?.model ?? 'unknown',
    cpuCount: list.length,
    totalMemoryBytes: totalmem(),
    totalMemory: formatBytes(totalmem()),
    os: `${platform()} ${release()}`,
    node: process.version,
    date: new Date().toISOString(),
  };
}

async function main(): Promise<void> {
  if (!existsSync(BUILT_BIN) || !existsSync(join(ROOT, 'packages/server/dist/cli.js'))) {
    throw new Error('the built bin is missing: run `pnpm build` first (or `pnpm bench`, which builds)');
  }
  const started = performance.now();
  const datasets = new Map<string, { dir: string; info: DataSetInfo }>();
  for (const spec of parts.scale ? sets : [DATA_SETS.small])
    datasets.set(spec.name, await ensureDataSet(spec, { regenerate: args.regenerate }));
  const small = datasets.get('small')!;

  let http: RouteRatio[] | undefined;
  let postgres: PostgresFigures | undefined;
  if (parts.http && onPostgres) {
    const dir = await copyDataSet(small.dir);
    removeDirLater(dir);
    postgres = await postgresRuns(dir, small.info, settings.http, args.route);
    http = postgres.http;
  } else if (parts.http) {
    const dir = await copyDataSet(small.dir);
    removeDirLater(dir);
    const bin = await startBuiltBin(dir);
    try {
      http = await ratioRuns(bin, small.info, settings.http, args.route);
    } finally {
      await bin.stop();
    }
  }

  let fleet: FleetFigures | undefined;
  if (parts.fleet && onPostgres) {
    const dir = await copyDataSet(small.dir);
    removeDirLater(dir);
    fleet = await postgresFleet(dir, small.info, settings.fleet);
  } else if (parts.fleet) {
    const dir = await copyDataSet(small.dir);
    removeDirLater(dir);
    const bin = await startBuiltBin(dir, { args: ['--max-streams', String(settings.fleet.instances + 1_000)] });
    try {
      fleet = await fleetRun(bin, small.info, 'lowdb', settings.fleet, async () => dirSize(dir));
    } finally {
      await bin.stop();
    }
  }

  const propagation: PropagationFigures[] | undefined = parts.propagation ? await propagationRuns(settings.propagation) : undefined;
  const migrate: MigrateFigures | undefined = parts.migrate ? await migrateRun({ flags: quick ? 1_000 : 10_000 }) : undefined;

  let scale: ScaleFigures[] | undefined;
  if (parts.scale) {
    scale = [];
    for (const spec of sets) {
      const { dir: cached, info } = datasets.get(spec.name)!;
      const dir = await copyDataSet(cached);
      removeDirLater(dir);
      const operations = await latencies(dir, info, settings.latency);
      // A fresh copy for the bin: the in-process PATCH calls added events (with full documents) to the project.
      const binDir = await copyDataSet(cached);
      removeDirLater(binDir);
      const bin = await binFigures(binDir, info, settings.binLoad);
      scale.push({ dataSet: info, operations, bin });
      for (const d of [dir, binDir]) rmSync(d, { recursive: true, force: true });
    }
  }

  const table = rows(http, scale, postgres, fleet);
  const text = propagation ? propagationMarkdown(propagation) : migrate ? migrateMarkdown(migrate) : markdown(table);
  process.stdout.write(`\n${text}`);
  const full = !quick && parts.http && parts.scale && !args.route && !onPostgres;
  const results = {
    machine: machine(),
    command: full ? 'pnpm bench' : `pnpm bench ${process.argv.slice(2).join(' ')}`,
    quick,
    parts,
    settings: {
      ...settings,
      autocannon: 'child process (one per run), so the load generator never shares a thread with the server under test',
      eventData: `1 event in ${FULL_DOCUMENT_EVERY} carries full feature documents (data and preData); the others small data ({stale}, a tag, {enabled}, a description)`,
    },
    durationSeconds: (performance.now() - started) / 1000,
    table,
    markdown: text,
    http: http ?? null,
    scale: scale ?? null,
    fleet: fleet ?? null,
    propagation: propagation ?? null,
    migrate: migrate ?? null,
    /** On PostgreSQL: the SDK-facing reads on lowdb, one and three bins, and the side-by-side with Unleash (bench/postgres-processes.ts). */
    postgres: postgres ? { processes: postgres.processes, unleash: postgres.unleash } : null,
  };
  mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
  const file = join(BENCH_DIR, 'results', full ? 'latest.json' : onPostgres && !quick && !args.route ? 'postgres.json' : 'trial.json');
  writeFileSync(`${file}.tmp`, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  process.stderr.write(`figures written to ${file} (run took ${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  const failures = (http ?? []).flatMap((r) => r.failures.map((f) => `${r.label}: ${f}`));
  if (failures.length) {
    process.stderr.write(`flagadmin answered non-2xx or failed during load:\n  ${failures.join('\n  ')}\n`);
    process.exitCode = 1;
  }
}

let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await cleanup();
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    process.stderr.write(`bench: ${signal}, stopping\n`);
    void stop(130);
  });
}
process.on('exit', killAllNow);
const watchdog = setTimeout(() => {
  process.stderr.write(`bench: still running after ${settings.watchdogMinutes} minutes, stopping\n`);
  void stop(1);
}, settings.watchdogMinutes * 60_000);
watchdog.unref();

try {
  await main();
} catch (error) {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
