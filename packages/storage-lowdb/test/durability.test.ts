import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import { eventsOf, tempDir } from './helpers';

const child = fileURLToPath(new URL('./fixtures/commit-child.ts', import.meta.url));

/** Runs the child until it has printed `committed <until>` (or more), then kill -9; resolves to the last N it printed. */
function runAndKill(dir: string, until: number, max?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = ['--conditions=source', '--import', 'tsx', child, dir];
    if (max !== undefined) args.push(String(max));
    const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let killed = false;
    const lastCommitted = () => Number(/committed (\d+)\n(?![\s\S]*committed)/.exec(out)?.[1] ?? 0);
    proc.stdout.on('data', (d: Buffer) => {
      out += d;
      if (!killed && lastCommitted() >= until) {
        killed = true;
        proc.kill('SIGKILL');
      }
    });
    proc.stderr.on('data', (d: Buffer) => (err += d));
    proc.on('error', reject);
    proc.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`child exited with ${code}: ${err}`));
      else resolve(lastCommitted());
    });
  });
}

test('kill -9 right after write() resolved: the write and its events are there', async () => {
  const { dir, remove } = await tempDir();
  try {
    const n = await runAndKill(dir, 1, 1);
    assert.is(n, 1);
    const storage = await lowdbStorage({ dir }); // the dead child's lock is taken over
    await storage.read(async (tx) => {
      assert.is((await tx.get('features', 'f1'))?.version, 1);
      assert.is(await tx.countEvents({}), 1);
      assert.equal((await eventsOf(tx, { limit: 1 }))[0]!.data, { n: 1 });
    });
    assert.is(await storage.write((tx) => tx.nextSequence('change')), 2);
    await storage.close();
  } finally {
    await remove();
  }
});

test('kill -9 in the middle of a stream of writes: every acknowledged write survives', async () => {
  const { dir, remove } = await tempDir();
  try {
    const n = await runAndKill(dir, 150);
    assert.ok(n >= 150);
    const storage = await lowdbStorage({ dir });
    const { features, events, last } = await storage.read(async (tx) => ({
      features: await tx.list('features'),
      events: await tx.countEvents({}),
      last: (await eventsOf(tx, { limit: 1 }))[0],
    }));
    // At least every acknowledged write; at most one more (committed but killed before it printed).
    assert.ok(features.length >= n && features.length <= n + 1, `${features.length} features for ${n} acknowledged`);
    assert.is(events, features.length);
    assert.is(last!.id, events);
    for (let i = 1; i <= n; i++)
      assert.ok(
        features.some((f) => f.name === `f${i}`),
        `f${i}`,
      );
    assert.is(await storage.write((tx) => tx.nextSequence('change')), features.length + 1);
    await storage.close();
  } finally {
    await remove();
  }
});

test.run();
