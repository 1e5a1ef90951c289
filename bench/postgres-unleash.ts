/**
 * flagadmin and Unleash 8.2.0 side by side on one PostgreSQL server, alone (the part of `pnpm bench
 * --storage postgres` that starts Unleash, bench/postgres-processes.ts `unleashRuns`): the SDK poll and a
 * PATCH of a flag's description, in alternating rounds, one flagadmin bin beside one Unleash process.
 *
 *   node --conditions=source --import tsx bench/postgres-unleash.ts [--rounds 3] [--seconds 5] [--connections 10]
 */
import { parseArgs } from 'node:util';
import { DATA_SETS, copyDataSet, ensureDataSet } from './dataset';
import { routesFor } from './http';
import { withDatabase } from './postgres';
import { unleashMarkdown, unleashRuns } from './postgres-processes';
import { cleanup, removeDirLater } from './util';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});

async function main(): Promise<void> {
  const small = await ensureDataSet(DATA_SETS.small);
  const dir = await copyDataSet(small.dir);
  removeDirLater(dir);
  const patch = routesFor(small.info).find((r) => r.id === 'patch')!;
  const options = {
    rounds: Number(args.rounds),
    connections: Number(args.connections),
    durationSeconds: Number(args.seconds),
    warmupSeconds: 1,
  };
  const figures = await withDatabase(dir, async ({ url, clusterDir, startBin }) =>
    unleashRuns(url, clusterDir, await startBin(), patch.path, options),
  );
  process.stdout.write(`${unleashMarkdown(figures)}\n`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
