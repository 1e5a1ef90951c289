/**
 * `--only migrate`: `flagadmin migrate` of a 10,000-flag Unleash (the real unleash-server 8.2.0 the tests
 * use, on a PostgreSQL the bench starts) into an empty data directory: the time of the first run, of a
 * second run that finds nothing to change, the bin's CPU time and peak RSS (sampled every 50 ms). Not part of a
 * default run: it needs Unleash (about 20 s to start) and its database.
 *
 * The flags are written straight into Unleash's tables: its import takes about 100 s per 1,000 flags on
 * this machine, its admin API longer. Each flag has a rollout with a constraint in both environments, one in
 * ten has strategy variants, one in three is on in production; every one is on in development.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, startPostgres } from '../test/helpers/postgres';
import { startUnleash } from '../test/helpers/unleash';
import { onCleanup, processCpuMicros, rssOf, spawnTracked } from './util';

export interface MigrateOptions {
  flags: number;
}

export interface MigrateRunFigures {
  seconds: number;
  /** The bin's own CPU time (user + system, last sample before its exit): on a shared machine the wall time is mostly waiting. */
  cpuSeconds: number;
  peakRssBytes: number;
  exitCode: number | null;
  summary: string;
}

export interface MigrateFigures {
  flags: number;
  first: MigrateRunFigures;
  second: MigrateRunFigures;
}

/** The flags, their environments and strategies, written into Unleash's database in three statements. */
async function seed(databaseUrl: string, flags: number): Promise<void> {
  await sql(
    databaseUrl,
    `INSERT INTO features (name, description, type, project)
     SELECT 'bench-' || lpad(i::text, 5, '0'), 'Bench flag ' || i, 'release', 'default' FROM generate_series(1, $1) AS i`,
    [flags],
  );
  await sql(
    databaseUrl,
    `INSERT INTO feature_environments (environment, feature_name, enabled)
     SELECT e, 'bench-' || lpad(i::text, 5, '0'), e = 'development' OR i % 3 = 0
     FROM generate_series(1, $1) AS i, unnest(ARRAY['development', 'production']) AS e`,
    [flags],
  );
  await sql(
    databaseUrl,
    `INSERT INTO feature_strategies (id, feature_name, project_name, environment, strategy_name, parameters, constraints, sort_order, variants)
     SELECT md5(e || i), 'bench-' || lpad(i::text, 5, '0'), 'default', e, 'flexibleRollout',
       jsonb_build_object('rollout', (i % 101)::text, 'stickiness', 'default', 'groupId', 'bench-' || i),
       jsonb_build_array(jsonb_build_object('contextName', 'userId', 'operator', 'IN', 'values', jsonb_build_array('1', (i % 50)::text), 'inverted', false, 'caseInsensitive', false)),
       0,
       CASE WHEN i % 10 = 0 THEN '[{"name":"a","weight":500,"weightType":"variable","stickiness":"default"},{"name":"b","weight":500,"weightType":"variable","stickiness":"default"}]'::jsonb ELSE '[]'::jsonb END
     FROM generate_series(1, $1) AS i, unnest(ARRAY['development', 'production']) AS e`,
    [flags],
  );
}

/** One `flagadmin migrate` (the bin from source) to its end: wall time, peak RSS, exit code, the summary. */
async function runMigrate(url: string, key: string, dataDir: string): Promise<MigrateRunFigures> {
  const started = performance.now();
  const proc = spawnTracked(process.execPath, [
    '--conditions=source',
    '--import',
    'tsx',
    'packages/server/src/cli.ts',
    'migrate',
    '--from',
    url,
    '--key',
    key,
    '--data',
    dataDir,
  ]);
  let peak = 0;
  let cpuMicros = 0;
  const sampler = setInterval(() => {
    const rss = rssOf(proc.child.pid!);
    if (rss > peak) peak = rss;
    cpuMicros = processCpuMicros(proc.child.pid!) ?? cpuMicros;
  }, 50);
  try {
    const exitCode = await proc.exited;
    if (exitCode !== 0) throw new Error(`flagadmin migrate exited ${exitCode}:\n${proc.output().slice(-2000)}`);
    return {
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: cpuMicros / 1e6,
      peakRssBytes: peak,
      exitCode,
      summary: /features: [^\n]*/.exec(proc.output())?.[0] ?? proc.output().slice(-500),
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function migrateRun(options: MigrateOptions): Promise<MigrateFigures> {
  const postgres = await startPostgres();
  onCleanup('bench PostgreSQL', () => postgres.stop());
  const unleash = await startUnleash({ postgresUrl: postgres.url, adminKey: `*:*.${randomBytes(28).toString('hex')}` });
  onCleanup('bench Unleash', () => unleash.stop());
  process.stderr.write(`migrate: seeding ${options.flags} flags into Unleash\n`);
  await seed(unleash.databaseUrl, options.flags);
  const dataDir = mkdtempSync(join(tmpdir(), 'flagadmin-migrate-bench-'));
  onCleanup(`directory ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  process.stderr.write('migrate: first run\n');
  const first = await runMigrate(unleash.url, unleash.adminKey, dataDir);
  process.stderr.write(`migrate: ${first.summary} in ${first.seconds.toFixed(1)} s; second run\n`);
  const second = await runMigrate(unleash.url, unleash.adminKey, dataDir);
  return { flags: options.flags, first, second };
}

export function migrateMarkdown(f: MigrateFigures): string {
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const row = (what: string, r: MigrateRunFigures) =>
    `| ${what} | ${r.seconds.toFixed(1)} s | ${r.cpuSeconds.toFixed(1)} s | ${mib(r.peakRssBytes)} | ${r.exitCode} | ${r.summary} |`;
  return [
    `flagadmin migrate of ${f.flags.toLocaleString('en-US')} flags from Unleash 8.2.0 (bin from source, lowdb)`,
    '',
    '| run | time | bin CPU | peak RSS | exit | features |',
    '| --- | --- | --- | --- | --- | --- |',
    row('first (everything created)', f.first),
    row('second (nothing to change)', f.second),
    '',
  ].join('\n');
}
