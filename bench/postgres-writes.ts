/**
 * PATCH throughput on PostgreSQL, one bin against three bins on one database, in alternating rounds (the
 * machine's load moves between rounds; each round's ratio compares runs made moments apart):
 *
 *   node --conditions=source --import tsx bench/postgres-writes.ts [--rounds 5] [--seconds 3] [--connections 10] [--spread]
 *
 * The same measure as `pnpm bench --storage postgres` (bench/postgres.ts `patchThroughput`), without its
 * other parts. The bins are the built bin; BENCH_BUILT_BIN and BENCH_BIN_NODE_ARGS run another (e.g. the
 * sources: BENCH_BUILT_BIN=packages/server/src/cli.ts BENCH_BIN_NODE_ARGS="--conditions=source --import tsx").
 */
import { parseArgs } from 'node:util';
import { DATA_SETS, copyDataSet, ensureDataSet } from './dataset';
import { requestHeaders, routesFor } from './http';
import { patchThroughput, withDatabase } from './postgres';
import { cleanup, median, removeDirLater } from './util';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    /** One load generator per bin (three on the machine) instead of one spreading its connections. */
    spread: { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const small = await ensureDataSet(DATA_SETS.small);
  const dir = await copyDataSet(small.dir);
  removeDirLater(dir);
  const patch = routesFor(small.info).find((r) => r.id === 'patch')!;
  const options = { connections: Number(args.connections), durationSeconds: Number(args.seconds), warmupSeconds: 1 };
  const ratios = await withDatabase(dir, async ({ startBin, clusterDir }) => {
    const bins = [await startBin(), await startBin(), await startBin()];
    const out: number[] = [];
    for (let round = 1; round <= Number(args.rounds); round++) {
      const t = await patchThroughput(bins, patch.path, requestHeaders(patch), options, args.spread, clusterDir);
      out.push(t.three / t.one);
      process.stdout.write(
        `round ${round}: one bin ${t.one.toFixed(0)}/s (${t.oneCpuUs.toFixed(0)} µs CPU per PATCH with the database's ${t.oneDatabaseCpuUs.toFixed(0)}, machine ${(t.oneBusy * 100).toFixed(0)} % busy), ` +
          `three bins ${t.three.toFixed(0)}/s (${t.threeCpuUs.toFixed(0)} µs with ${t.threeDatabaseCpuUs.toFixed(0)}, ${(t.threeBusy * 100).toFixed(0)} % busy), ratio ${(t.three / t.one).toFixed(2)}\n`,
      );
    }
    return out;
  });
  process.stdout.write(`three bins / one bin: median ${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})\n`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
