import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FlagadminStorageLockedError, lowdbStorage } from '@flagadmin/storage-lowdb';
import { makeFeature, rejects, tempDir } from './helpers';

const lockPid = (text: string): number => (JSON.parse(text) as { pid: number }).pid;

test('a second open of the same directory is refused until the first is closed', async () => {
  const { dir, remove } = await tempDir();
  try {
    const first = await lowdbStorage({ dir });
    assert.is(lockPid(await readFile(join(dir, 'lock'), 'utf8')), process.pid);
    const err = await rejects(lowdbStorage({ dir }));
    assert.instance(err, FlagadminStorageLockedError);
    assert.is((err as Error).name, 'FlagadminStorageLockedError');
    assert.is((err as Error).message, `data directory ${dir} is in use by process ${process.pid}`);
    assert.is((err as FlagadminStorageLockedError).pid, process.pid);
    // The refused open changed nothing: the first still works and still holds the lock.
    await first.write((tx) => tx.put('features', makeFeature('a')));
    assert.is(lockPid(await readFile(join(dir, 'lock'), 'utf8')), process.pid);
    await first.close();
    assert.not.ok(existsSync(join(dir, 'lock')), 'close releases the lock');
    const second = await lowdbStorage({ dir });
    assert.ok(await second.read((tx) => tx.get('features', 'a')));
    await second.close();
  } finally {
    await remove();
  }
});

test('the file option locks per snapshot file and names it', async () => {
  const { dir, remove } = await tempDir();
  try {
    const file = join(dir, 'flags.json');
    const first = await lowdbStorage({ file });
    const err = await rejects(lowdbStorage({ file }));
    assert.is((err as Error).message, `data file ${file} is in use by process ${process.pid}`);
    const other = await lowdbStorage({ file: join(dir, 'other.json') }); // a different store in the same dir
    await other.close();
    await first.write((tx) => tx.put('features', makeFeature('a')));
    await first.close();
    for (const name of ['flags.json', 'flags.journal.jsonl', 'flags.events.jsonl']) assert.ok(existsSync(join(dir, name)), name);
    assert.not.ok(existsSync(join(dir, 'flags.lock')));
  } finally {
    await remove();
  }
});

test('a stale lock whose process is dead is taken over', async () => {
  const { dir, remove } = await tempDir();
  try {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const pid = Number(dead.stdout);
    assert.ok(pid > 0);
    await writeFile(join(dir, 'lock'), `${pid}\n`);
    const storage = await lowdbStorage({ dir });
    assert.is(lockPid(await readFile(join(dir, 'lock'), 'utf8')), process.pid);
    await storage.close();
  } finally {
    await remove();
  }
});

test('a lock held by another live process is refused, naming that process', async () => {
  const { dir, remove } = await tempDir();
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    await writeFile(join(dir, 'lock'), `${other.pid}\n`);
    const err = await rejects(lowdbStorage({ dir }));
    assert.instance(err, FlagadminStorageLockedError);
    assert.is((err as Error).message, `data directory ${dir} is in use by process ${other.pid}`);
    assert.is((await readFile(join(dir, 'lock'), 'utf8')).trim(), String(other.pid), 'the lock is left alone');
  } finally {
    other.kill('SIGKILL');
    await remove();
  }
});

test('a lock naming a live pid with another start time (a reused pid, a container restarted as pid 1) is taken over', async () => {
  const { dir, remove } = await tempDir();
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    const boot = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
    for (const pid of [other.pid!, process.pid]) {
      await writeFile(join(dir, 'lock'), `${JSON.stringify({ pid, start: '1', boot })}\n`);
      const storage = await lowdbStorage({ dir });
      assert.is(lockPid(await readFile(join(dir, 'lock'), 'utf8')), process.pid);
      await storage.close();
    }
  } finally {
    other.kill('SIGKILL');
    await remove();
  }
});

test('a lock whose owner socket no longer listens is taken over; one that listens is refused', async () => {
  const { dir, remove } = await tempDir();
  try {
    const first = await lowdbStorage({ dir });
    const text = await readFile(join(dir, 'lock'), 'utf8');
    const owner = JSON.parse(text) as { pid: number; sock: string };
    assert.ok(existsSync(join(dir, owner.sock)), 'the owner listens beside the lock');
    assert.instance(await rejects(lowdbStorage({ dir })), FlagadminStorageLockedError);
    await first.close();
    // The same lock left behind (as after a kill -9), its socket file too, but nobody listening.
    await writeFile(join(dir, 'lock'), text);
    await writeFile(join(dir, owner.sock), '');
    const second = await lowdbStorage({ dir });
    assert.not.ok(existsSync(join(dir, owner.sock)), "the dead owner's socket file is removed");
    await second.close();
  } finally {
    await remove();
  }
});

test('a lock file without a pid is refused with advice', async () => {
  const { dir, remove } = await tempDir();
  try {
    await writeFile(join(dir, 'lock'), 'garbage');
    const err = await rejects(lowdbStorage({ dir }));
    assert.instance(err, FlagadminStorageLockedError);
    assert.match((err as Error).message, /not a pid/);
  } finally {
    await remove();
  }
});

test.run();
