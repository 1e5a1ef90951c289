// A container's process is pid 1 every time it starts. After a kill -9 the data directory's lock still
// names pid 1, which is alive again (the restarted process itself): the lock must tell the old owner
// from the new one. Run for real: the bin as pid 1 of its own pid namespace, killed with SIGKILL.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDir, tempDir } from './helpers/bin';
import { pidNamespacesWork, startBinAsPid1, type BinInNamespace } from './helpers/pid-namespace';

const test = suite('restart as pid 1');
const dir = tempDir();
const running: BinInNamespace[] = [];

test.after(async () => {
  for (const bin of running) bin.unshare.kill('SIGKILL');
  await Promise.all(running.map((bin) => bin.exited));
  removeDir(dir);
});

const start = (): BinInNamespace => {
  const bin = startBinAsPid1(['--data', dir, '--port', '0', '--host', '127.0.0.1']);
  running.push(bin);
  return bin;
};

test('this machine runs processes in their own pid namespace', () => {
  assert.ok(pidNamespacesWork(), 'unshare --pid --fork --mount-proc works (needs root)');
});

test('killed with SIGKILL as pid 1, the bin starts again as pid 1 on the same data; a second live bin is refused', async () => {
  const first = start();
  const url = await first.listening;
  assert.is((await fetch(`${url}/health`)).status, 200);
  assert.is(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8')).pid, 1, 'the lock names pid 1');
  process.kill(first.hostPid(), 'SIGKILL');
  await first.exited;
  assert.is(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8')).pid, 1, 'the killed bin left its lock');

  const again = start();
  const url2 = await again.listening;
  assert.is((await fetch(`${url2}/health`)).status, 200, 'the restarted bin answers');

  // Another bin, also pid 1 in a namespace of its own, while the restarted one runs: refused.
  const second = start();
  const output = await second.exited;
  assert.is(second.unshare.exitCode, 1, output);
  assert.match(output, /is in use by process 1/);
  assert.is((await fetch(`${url2}/health`)).status, 200, 'the running bin is untouched');
});

test.run();
