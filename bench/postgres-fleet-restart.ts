/**
 * The fleet over three bins on PostgreSQL, polling and then streaming, with PostgreSQL stopped during each
 * run and started again (bench/postgres.ts `postgresFleet` with a restart):
 *
 *   node --conditions=source --import tsx bench/postgres-fleet-restart.ts [--instances 2000] [--seconds 40] [--at 10] [--down 5] [--mode polling|streaming]...
 *
 * Prints each run's answers by status (SDK polls and streams should keep being answered from the last
 * state known; registrations and metrics, which write, answer 503 while the database is away and recover),
 * the p99s, the admin changes made during the run (one every 5 s, a PATCH each), and in streaming mode each
 * change's way from its answer to every stream, on the bin that made it and on the two others.
 */
import { parseArgs } from 'node:util';
import { DATA_SETS, copyDataSet, ensureDataSet } from './dataset';
import { showSpread } from './fleet';
import { postgresFleet } from './postgres';
import { cleanup, removeDirLater } from './util';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '40' },
    at: { type: 'string', default: '10' },
    down: { type: 'string', default: '5' },
    mode: { type: 'string', multiple: true, default: ['polling', 'streaming'] },
  },
});

async function main(): Promise<void> {
  const small = await ensureDataSet(DATA_SETS.small);
  for (const mode of args.mode as ('polling' | 'streaming')[]) {
    const dir = await copyDataSet(small.dir);
    removeDirLater(dir);
    const instances = Number(args.instances);
    const options = {
      instances,
      apps: Math.ceil(instances / 33),
      seconds: Number(args.seconds),
      connections: 32,
      mode,
      changeEverySeconds: 5,
    };
    const figures = await postgresFleet(dir, small.info, options, { atSeconds: Number(args.at), downSeconds: Number(args.down) });
    const { load } = figures;
    process.stdout.write(
      `${mode}: ${instances} instances, ${load.requestsPerSecond.toFixed(0)} req/s for ${load.seconds.toFixed(0)} s; PostgreSQL down ${args.down} s from ${args.at} s\n`,
    );
    for (const [kind, k] of Object.entries(load.kinds)) {
      if (k.requests === 0) continue;
      process.stdout.write(
        `  ${kind}: ${k.requests} requests, statuses ${JSON.stringify(k.statuses)}, p50 ${k.p50Ms.toFixed(1)} ms, p99 ${k.p99Ms.toFixed(1)} ms, max ${k.maxMs.toFixed(0)} ms\n`,
      );
    }
    if (load.streams) process.stdout.write(`  streams at the end: ${JSON.stringify(load.streams)}\n`);
    const p = figures.propagation;
    if (p) {
      process.stdout.write(
        `  propagation from a change's answer, p50 / p99 / max: streams on the writer ${showSpread(p.sameProcess)} (${p.sameProcess.count}), ` +
          `on the two others ${showSpread(p.otherProcesses)} (${p.otherProcesses.count}), ${p.missing} missing\n`,
      );
    }
    process.stdout.write(
      `  admin changes acknowledged: ${figures.changes}; events ${figures.eventsBefore} -> ${figures.eventsAfter}; bins ${(figures.cpuShareOfOneCore * 100).toFixed(0)} % of a core; database ${figures.databaseConnections ?? '?'} connections at most\n`,
    );
  }
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
