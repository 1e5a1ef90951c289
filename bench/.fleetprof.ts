import { copyDataSet, ensureDataSet, DATA_SETS } from './dataset';
import { startBuiltBin } from './util';
import { fleetRun } from './fleet';
const { dir, info } = await ensureDataSet(DATA_SETS.small);
const copy = await copyDataSet(dir);
const bin = await startBuiltBin(copy, { nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/fleetprof'] });
await fleetRun(bin, info, 'lowdb', { instances: 10000, apps: 300, seconds: 20, connections: 256 }, async () => 0);
await bin.stop();
process.exit(0);
