// GET /ready: 200 while the storage answers a read, a 503 JSON error while it does not: a storage whose
// reads fail (in process and over a socket), and a real PostgreSQL server stopped and started again.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin } from '@flagadmin/core';
import { serve, type ServeResult } from '@flagadmin/node-http';
import { postgresStorage, type PostgresStorage } from '@flagadmin/storage-postgres';
import { expectError, httpWorld, storageWithFailingReads, TRANSPORTS } from './helpers/http-world';
import { startPostgres, type TestPostgres } from './helpers/postgres';

const test = suite('GET /ready');

test('200 while the storage answers, 503 while its reads fail, 200 again after; on both transports', async () => {
  for (const transport of TRANSPORTS) {
    const failing = storageWithFailingReads('read failed');
    const w = await httpWorld(transport, { storage: failing.storage });
    const ready = await w.send('/ready');
    assert.is(ready.status, 200, transport.name);
    assert.equal(await ready.json(), { health: 'GOOD' });
    assert.is((await w.send('/health')).status, 200);
    failing.broken = true;
    const down = await w.send('/ready');
    assert.is(down.headers.get('retry-after'), '1');
    await expectError(down, 503, 'ServiceUnavailableError', /storage/);
    assert.is((await w.send('/health')).status, 200, 'liveness does not depend on the storage');
    failing.broken = false;
    assert.is((await w.send('/ready')).status, 200);
    await w.close();
  }
});

let postgres: TestPostgres | undefined;
let storage: PostgresStorage | undefined;
let server: ServeResult | undefined;
test.after(async () => {
  await server?.close();
  await storage?.close();
  await postgres?.stop();
});

test('on PostgreSQL: 200, then 503 while the server is stopped, then 200 once it is back', async () => {
  postgres = await startPostgres();
  storage = await postgresStorage({ url: postgres.url });
  server = await serve({ fetch: createFlagadmin({ storage }).handle, port: 0, hostname: '127.0.0.1' });
  const probe = () => fetch(`${server!.url}/ready`, { signal: AbortSignal.timeout(60_000) });
  assert.is((await probe()).status, 200);
  await postgres.halt();
  const down = await probe();
  await expectError(down, 503, 'ServiceUnavailableError');
  await postgres.resume();
  // A pooled connection the restart broke may fail one probe more; none waits for the database.
  let status = 0;
  for (let attempt = 0; attempt < 20 && status !== 200; attempt++) status = (await probe()).status;
  assert.is(status, 200);
});

test.run();
