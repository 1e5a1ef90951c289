// A storage's FlagadminStorageUnavailableError: 503 with Retry-After, the storage's message only when it
// exposes it; and /ready, which also asks the storage's optional ready() (can a write be made durable).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin, SYSTEM_PRINCIPAL as system, type Storage } from '../src/index';
import { toAdminError } from '../src/base/errors';
import { memoryStorage } from '@flagadmin/storage-memory';

const unavailable = (message: string, expose?: boolean): Error =>
  Object.assign(new Error(message), { name: 'FlagadminStorageUnavailableError' }, expose === undefined ? {} : { expose });

test('an exposed FlagadminStorageUnavailableError is a 503 with its message; any other keeps the generic one', () => {
  const diskFull = unavailable('The storage cannot write: no space left on its disk (ENOSPC); try again when space is freed', true);
  const exposed = toAdminError(diskFull);
  assert.is(exposed.status, 503);
  assert.is(exposed.name, 'ServiceUnavailableError');
  assert.is(exposed.message, diskFull.message);
  assert.equal(exposed.headers, { 'Retry-After': '1' });
  assert.is(exposed.cause, diskFull);
  for (const hidden of [
    unavailable('The database is unavailable: connect ECONNREFUSED 10.0.0.7:5432'),
    unavailable('secret', 'yes' as never),
  ]) {
    const error = toAdminError(hidden);
    assert.is(error.status, 503);
    assert.is(error.message, 'The storage is unavailable; try again shortly', 'a message not meant for clients is not sent');
  }
});

/** A memory storage with a ready() that fails with `failure` while it is set. */
function storageWithReady(): { storage: Storage; failure: Error | undefined } {
  const inner = memoryStorage();
  const state: { storage: Storage; failure: Error | undefined } = {
    failure: undefined,
    storage: {
      read: (fn) => inner.read(fn),
      write: (fn) => inner.write(fn),
      ready: () => (state.failure ? Promise.reject(state.failure) : Promise.resolve()),
      close: () => inner.close(),
    },
  };
  return state;
}

test('/ready is 503 while the storage says a write cannot be made durable, naming the cause it exposes; 200 again after', async () => {
  const probe = storageWithReady();
  const { handle } = createFlagadmin({ storage: probe.storage });
  const ready = () => handle(new Request('http://flagadmin.test/ready'));
  assert.is((await ready()).status, 200);

  probe.failure = unavailable('The storage cannot write: no space left on its disk (ENOSPC); try again when space is freed', true);
  let answer = await ready();
  assert.is(answer.status, 503);
  assert.is(answer.headers.get('retry-after'), '1');
  const body = (await answer.json()) as { name: string; message: string };
  assert.is(body.name, 'ServiceUnavailableError');
  assert.is(body.message, probe.failure.message);

  probe.failure = new Error('/srv/flags: something private');
  answer = await ready();
  assert.is(answer.status, 503);
  assert.is(((await answer.json()) as { message: string }).message, 'The storage does not answer; not ready');

  probe.failure = undefined;
  assert.is((await ready()).status, 200);
});

/** A memory storage whose reads and writes fail as unavailable while `down` is set (a database away). */
function storageThatGoesDown(): { storage: Storage; down: boolean } {
  const inner = memoryStorage();
  const away = () => Promise.reject(unavailable('The database is unavailable: connect ECONNREFUSED'));
  const state: { storage: Storage; down: boolean } = {
    down: false,
    storage: {
      read: (fn, options) => (state.down ? away() : inner.read(fn, options)),
      write: (fn) => (state.down ? away() : inner.write(fn)),
      close: () => inner.close(),
    },
  };
  return state;
}

test('while the storage is away, an SDK poll gets the last answer this process gave (same ETag); a key never seen gets 503, a deleted one 401, admin routes 503', async () => {
  const db = storageThatGoesDown();
  const { admin, handle } = createFlagadmin({ storage: db.storage });
  const client = async (tokenName: string) =>
    (await admin.createApiKey(system, { body: { tokenName, type: 'client', environment: 'development', projects: ['*'] } })).secret;
  const [seen, unseen, deleted] = [await client('seen'), await client('unseen'), await client('deleted')];
  const adminKey = (await admin.createApiKey(system, { body: { tokenName: 'a', type: 'admin' } })).secret;
  await admin.createFeature(system, { projectId: 'default', body: { name: 'kept' } });
  const poll = (key: string) => handle(new Request('http://flagadmin.test/api/client/features', { headers: { authorization: key } }));
  const before = await poll(seen);
  assert.is(before.status, 200);
  const body = await before.text();
  assert.is((await poll(deleted)).status, 200);
  await admin.deleteApiKey(system, { token: deleted });
  assert.is((await poll(deleted)).status, 401, 'deleted while the storage is up');

  db.down = true;
  const during = await poll(seen);
  assert.is(during.status, 200, 'the last answer');
  assert.is(await during.text(), body);
  assert.is(during.headers.get('etag'), before.headers.get('etag'));
  assert.is((await poll(unseen)).status, 503, 'a key this process never saw is not guessed');
  assert.is((await poll(deleted)).status, 401, 'a key last seen deleted stays refused');
  const projects = await handle(new Request('http://flagadmin.test/api/admin/projects', { headers: { authorization: adminKey } }));
  assert.is(projects.status, 503, 'admin reads keep read-your-writes: no old answer');

  db.down = false;
  assert.is((await poll(unseen)).status, 200, 'back');
});

test.run();
