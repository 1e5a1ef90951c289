import { copyDataSet, ensureDataSet, DATA_SETS } from './dataset';
import { startBuiltBin } from './util';
import { fleetRun } from './fleet';
const { dir, info } = await ensureDataSet(DATA_SETS.small);
const copy = await copyDataSet(dir);
const bin = await startBuiltBin(copy, { nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/fleetprof'] });
await fleetRun(bin, info, 'lowdb', { instances: 4000, apps: 120, seconds: 20, connections: 64 }, async () => 0);
await bin.stop();
process.exit(0);
