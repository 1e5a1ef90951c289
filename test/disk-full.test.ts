// The lowdb data directory on a disk that fills up, for real (a small tmpfs, filled with a filler file):
// writes answer 503 naming the cause and change nothing, /ready answers 503 until a write can be made
// durable again, and once space is back the storage carries on by itself; after a restart every
// acknowledged write is there and no refused one.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SYSTEM_PRINCIPAL, type Storage } from '@flagadmin/core';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import { expectError, httpWorld, json, OVER_SOCKET, type HttpWorld } from './helpers/http-world';
import { mountSmallDisk, type SmallDisk } from './helpers/tmpfs';

const test = suite('lowdb storage on a full disk, over HTTP');

const FEATURES = '/api/admin/projects/default/features';
/**
 * A description of 1,000 four-byte characters: the feature's event line alone is over 4 KiB, so it
 * needs a page of the file system that the event log does not have yet (a write that fits in the
 * last page a file already has succeeds on a full disk, rightly).
 */
const BIG = '\u{1F4A1}'.repeat(1000);

let disk: SmallDisk | undefined;
let storage: Storage | undefined;
let w: HttpWorld | undefined;

test.after(async () => {
  await w?.close();
  await storage?.close();
  disk?.unmount();
});

/** Every file of the data directory with its bytes (preallocated zeros included). */
async function files(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const name of (await readdir(dir)).sort()) {
    if (name === 'filler' || name.endsWith('.sock')) continue;
    out.set(name, await readFile(join(dir, name)));
  }
  return out;
}

function assertSameFiles(after: Map<string, Buffer>, before: Map<string, Buffer>, when: string): void {
  assert.equal([...after.keys()], [...before.keys()], `${when}: the same files`);
  for (const [name, bytes] of before) assert.ok(after.get(name)!.equals(bytes), `${when}: ${name} unchanged, byte for byte`);
}

test('a write on a full disk is a 503 naming ENOSPC that changes nothing; /ready is 503 until space is back; nothing acknowledged is lost', async () => {
  disk = mountSmallDisk('4m');
  storage = await lowdbStorage({ dir: disk.dir });
  w = await httpWorld(OVER_SOCKET, { storage });
  const create = (name: string) => w!.send(FEATURES, json(w!.adminKey, 'POST', { name, description: BIG }));

  assert.is((await create('acknowledged-1')).status, 201);
  assert.is((await w.send('/ready')).status, 200);

  disk.fill();
  const events = await w.eventCount();
  const before = await files(disk.dir);

  const refused = await create('refused-1');
  assert.is(refused.headers.get('retry-after'), '1');
  await expectError(
    refused,
    503,
    'ServiceUnavailableError',
    /^The storage cannot write: no space left on its disk \(ENOSPC\); try again when space is freed$/,
  );
  assert.is((await w.send(`${FEATURES}/refused-1`, { headers: { authorization: w.adminKey } })).status, 404, 'not in memory');
  assert.is(await w.eventCount(), events, 'event count unchanged');
  assertSameFiles(await files(disk.dir), before, 'after the refused write');

  for (let probe = 1; probe <= 2; probe++) {
    const notReady = await w.send('/ready');
    assert.is(notReady.headers.get('retry-after'), '1');
    await expectError(notReady, 503, 'ServiceUnavailableError', /no space left on its disk \(ENOSPC\)/);
  }
  assertSameFiles(await files(disk.dir), before, 'after the readiness probes');
  assert.is((await w.send('/health')).status, 200, 'liveness does not depend on the disk');
  assert.is((await w.send(FEATURES, { headers: { authorization: w.adminKey } })).status, 200, 'reads still answer');

  disk.free();
  assert.is((await w.send('/ready')).status, 200, 'ready again once a write can be made durable');
  assert.is((await create('acknowledged-2')).status, 201);
  assert.is(await w.eventCount(), events + 1);

  await w.close();
  w = undefined;
  await storage.close();
  storage = await lowdbStorage({ dir: disk.dir });
  const reopened = storage;
  await reopened.read(async (tx) => {
    const names = (await tx.list('features')).map((f) => f.name);
    assert.equal(names, ['acknowledged-1', 'acknowledged-2']);
    assert.is(await tx.countEvents({}), events + 1);
    const all = await tx.events({});
    assert.ok(
      all.every((line) => !line.includes('refused-1')),
      'no event of the refused write',
    );
    assert.ok(all[0]!.includes('acknowledged-2'));
  });
  w = await httpWorld(OVER_SOCKET, { storage: reopened });
  assert.is((await create('after-restart')).status, 201);
  assert.ok(await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'after-restart' }));
});

test.run();
