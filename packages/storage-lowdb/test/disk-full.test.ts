// The storage on a disk that fills up, for real (a small tmpfs filled with a filler file): a commit that
// needs more room than is left fails with FlagadminStorageUnavailableError and leaves every file as it
// was (the journal's growth too), ready() rejects until a trial write works, and the storage carries on.
// The snapshot writer leaves no temporary file behind. The error codes that mean "for now" are mapped.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Storage } from '@flagadmin/core';
import { DurableJsonFile, FlagadminStorageUnavailableError, lowdbStorage } from '@flagadmin/storage-lowdb';
import { mountSmallDisk, type SmallDisk } from '../../../test/helpers/tmpfs';
import { asUnavailable } from '../src/errors';
import { makeEvent, makeFeature, rejects } from './helpers';

const test = suite('storage-lowdb on a full disk');

let disk: SmallDisk | undefined;
let storage: Storage | undefined;

test.after.each(async () => {
  await storage?.close();
  storage = undefined;
  disk?.unmount();
  disk = undefined;
});

/** Every file of the data directory with its bytes (the filler and the lock's socket left out). */
async function files(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const name of (await readdir(dir)).sort()) {
    if (name !== 'filler' && !name.endsWith('.sock')) out.set(name, await readFile(join(dir, name)));
  }
  return out;
}

function assertSameFiles(after: Map<string, Buffer>, before: Map<string, Buffer>, when: string): void {
  assert.equal([...after.keys()], [...before.keys()], `${when}: the same files`);
  for (const [name, bytes] of before) assert.ok(after.get(name)!.equals(bytes), `${when}: ${name} unchanged, byte for byte`);
}

/** A logger that keeps what it is told. */
function logLines(): { lines: string[]; warn(message: string): void; error(fields: { err: unknown }, message: string): void } {
  const lines: string[] = [];
  return { lines, warn: (m) => void lines.push(`warn ${m}`), error: (_f, m) => void lines.push(`error ${m}`) };
}

test('a commit the journal must grow for fails on a full disk, changes no file; ready() rejects until space is back', async () => {
  disk = mountSmallDisk('8m');
  const logger = logLines();
  storage = await lowdbStorage({ dir: disk.dir, logger });
  const write = (s: Storage, name: string, description: string) =>
    s.write(async (tx) => {
      await tx.put('features', makeFeature(name, 'default', { description }));
      await tx.appendEvent(makeEvent({ project: 'default', data: { name } }));
    });
  await write(storage, 'small', 'x');
  await storage.ready!();

  // 256 KiB left: the journal's growth (a step of 1 MiB of zeros) starts, then meets ENOSPC.
  disk.fill(256 << 10);
  const before = await files(disk.dir);
  // 1.5 MiB: more than the journal's preallocated zeros, so it must grow.
  const big = 'b'.repeat(1536 << 10);
  const error = (await rejects(write(storage, 'big', big))) as FlagadminStorageUnavailableError;
  assert.instance(error, FlagadminStorageUnavailableError);
  assert.is(error.name, 'FlagadminStorageUnavailableError');
  assert.is(error.code, 'ENOSPC');
  assert.is(error.expose, true);
  assert.is(error.message, 'The storage cannot write: no space left on its disk (ENOSPC); try again when space is freed');
  assert.match(String((error.cause as Error).message), /ENOSPC/, 'the cause is the file system error (for logs)');
  assertSameFiles(await files(disk.dir), before, 'after the failed commit');
  await storage.read(async (tx) => {
    assert.is(await tx.get('features', 'big'), undefined);
    assert.is(await tx.countEvents({}), 1);
  });

  const notReady = (await rejects(storage.ready!())) as Error;
  assert.is(notReady.name, 'FlagadminStorageUnavailableError');
  assert.match(notReady.message, /ENOSPC/);
  assertSameFiles(await files(disk.dir), before, 'after a readiness probe');
  assert.equal(logger.lines.filter((l) => l.startsWith('error')).length, 1, 'the failure is logged once');
  assert.match(logger.lines.find((l) => l.startsWith('error'))!, new RegExp(`data directory ${disk.dir}: writes fail`));

  disk.free();
  await storage.ready!();
  assert.ok(logger.lines.some((l) => /writes work again/.test(l)));
  await write(storage, 'big', big);
  await storage.close();

  storage = await lowdbStorage({ dir: disk.dir });
  await storage.read(async (tx) => {
    assert.equal(
      (await tx.list('features')).map((f) => f.name),
      ['big', 'small'],
    );
    assert.is((await tx.get('features', 'big'))?.description, big);
    assert.is(await tx.countEvents({}), 2);
  });
});

test('a snapshot write that fails on a full disk leaves the old file and no temporary file', async () => {
  disk = mountSmallDisk('1m');
  const path = join(disk.dir, 'db.json');
  await writeFile(path, '{"old":true}');
  disk.fill();
  const file = new DurableJsonFile<{ text: string }>(path);
  const error = await rejects(file.write({ text: 'x'.repeat(256 << 10) }));
  assert.is((error as NodeJS.ErrnoException).code, 'ENOSPC');
  assert.equal((await readdir(disk.dir)).sort(), ['db.json', 'filler']);
  assert.is(await readFile(path, 'utf8'), '{"old":true}');
});

test('ENOSPC, EDQUOT, EROFS and EIO are "unavailable for now", each named; other errors pass unchanged', () => {
  const cases: [string, RegExp][] = [
    ['ENOSPC', /no space left on its disk \(ENOSPC\)/],
    ['EDQUOT', /disk quota is used up \(EDQUOT\)/],
    ['EROFS', /read-only \(EROFS\)/],
    ['EIO', /I\/O error \(EIO\)/],
  ];
  for (const [code, message] of cases) {
    const cause = Object.assign(new Error(`${code}: /srv/flags/journal.jsonl`), { code });
    const mapped = asUnavailable(cause) as FlagadminStorageUnavailableError;
    assert.instance(mapped, FlagadminStorageUnavailableError);
    assert.is(mapped.code, code);
    assert.match(mapped.message, /^The storage cannot write: /);
    assert.match(mapped.message, message);
    assert.not.match(mapped.message, /\/srv/, 'no path in what clients read');
    assert.is(mapped.cause, cause);
    assert.is(asUnavailable(mapped), mapped);
  }
  for (const other of [Object.assign(new Error('x'), { code: 'EBADF' }), new Error('y'), 'z', null]) assert.is(asUnavailable(other), other);
});

test.run();
