// `pino()` given to core (createAdmin, createFlagadmin) and to node-http: every field reaches the line,
// a failure's thrown value arrives under `err` with its stack, and no key is ever logged.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createAdmin, createHandler, SYSTEM_PRINCIPAL, type Storage } from '@flagadmin/core';
import { serve, type ServeResult } from '@flagadmin/node-http';
import { memoryStorage } from '@flagadmin/storage-memory';
import { storageWithFailingReads } from './helpers/http-world';
import { levelOf, pinoLines } from './helpers/pino-lines';

const test = suite('pino as the logger');
const servers: ServeResult[] = [];
test.after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** createAdmin with pino, createHandler with nothing but the admin, served on 127.0.0.1 with the same pino. */
async function served(storage: Storage) {
  const { logger, lines } = pinoLines();
  const admin = createAdmin({ storage, logger });
  const { secret } = await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'ops', type: 'admin' } });
  const server = await serve({ fetch: createHandler({ admin }), logger });
  servers.push(server);
  return { lines, secret, url: server.url.replace(/\/$/, '') };
}

test('pino() given to createAdmin: the handler logs one line per request with all its fields, and no key', async () => {
  const { lines, secret, url } = await served(memoryStorage());
  const response = await fetch(`${url}/api/admin/projects/default/features`, {
    method: 'POST',
    headers: { authorization: secret, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'logged-flag', type: 'release' }),
  });
  assert.is(response.status, 201);
  await response.text();
  const requests = lines.filter((l) => l['msg'] === 'request');
  assert.is(requests.length, 1);
  const line = requests[0]!;
  assert.equal(
    [line['level'], line['method'], line['route'], line['status'], line['requestId']],
    [levelOf('info'), 'POST', '/api/admin/projects/:projectId/features', 201, response.headers.get('x-request-id')],
  );
  assert.type(line['durationMs'], 'number');
  assert.not.ok(JSON.stringify(lines).includes(secret.slice(4)), 'the key is not logged');
  assert.not.ok(JSON.stringify(lines).includes('logged-flag'), 'the body is not logged');
});

test('a failure is logged at error with requestId, route and err (type, message, stack): pino serializes it', async () => {
  const failing = storageWithFailingReads(new TypeError('storage fell over'));
  const { lines, secret, url } = await served(failing.storage);
  failing.broken = true;
  const response = await fetch(`${url}/api/admin/projects`, { headers: { authorization: secret } });
  assert.is(response.status, 500);
  await response.text();
  const failed = lines.find((l) => l['msg'] === 'request failed');
  assert.ok(failed, JSON.stringify(lines));
  assert.equal(
    [failed!['level'], failed!['requestId'], failed!['route']],
    [levelOf('error'), response.headers.get('x-request-id'), '/api/admin/projects'],
  );
  const err = failed!['err'] as { type: string; message: string; stack: string };
  assert.equal([err.type, err.message], ['TypeError', 'storage fell over']);
  assert.match(err.stack, /^TypeError: storage fell over\n\s+at /);
});

test.run();
