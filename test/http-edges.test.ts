// flagadmin's handler on node-http over real sockets: bodies the answer does not need are not read,
// and a client that leaves mid-request is logged as such, not as a server error.
import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin } from '@flagadmin/core';
import { serve, type ServeResult } from '@flagadmin/node-http';
import { memoryStorage } from '@flagadmin/storage-memory';
import { parseAnswer, uploadUntilClosed } from '../packages/node-http/test/helpers';
import { levelOf, pinoLines } from './helpers/pino-lines';

const FIFTY_MB = 50 * 1024 * 1024;
const KEY = `*:*.${'ab'.repeat(32)}`;

const test = suite('flagadmin on node-http: edges');

let server: ServeResult;
const lines: Record<string, unknown>[] = [];
const waiters = new Set<() => void>();

/** Resolves with the first log line from index `from` on matching `check`, once it is written. */
function logLine(from: number, check: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const look = () => {
      const found = lines.slice(from).find(check);
      if (!found) return;
      waiters.delete(look);
      resolve(found);
    };
    waiters.add(look);
    look();
  });
}

test.before(async () => {
  const { logger } = pinoLines((line) => {
    lines.push(line);
    for (const waiter of [...waiters]) waiter();
  });
  const { admin, handle } = createFlagadmin({ storage: memoryStorage(), logger });
  await admin.ensureInitialKeys({ admin: [KEY], client: [] });
  server = await serve({ fetch: handle });
  const created = await fetch(`${server.url}/api/admin/projects/default/features`, {
    method: 'POST',
    headers: { authorization: KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'edge' }),
  });
  assert.is(created.status, 201, await created.text());
});
test.after(() => server.close());

const cases: [string, number, string][] = [
  [
    '413 from content-length',
    413,
    `PATCH /api/admin/projects/default/features/edge HTTP/1.1\r\nHost: x\r\nAuthorization: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${FIFTY_MB}\r\n\r\n`,
  ],
  [
    '401 without a key',
    401,
    `PATCH /api/admin/projects/default/features/edge HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${FIFTY_MB}\r\n\r\n`,
  ],
  [
    '415 for a body that is not JSON',
    415,
    `PATCH /api/admin/projects/default/features/edge HTTP/1.1\r\nHost: x\r\nAuthorization: ${KEY}\r\nContent-Type: text/plain\r\nContent-Length: ${FIFTY_MB}\r\n\r\n`,
  ],
  ['GET /health with a body', 200, `GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: ${FIFTY_MB}\r\n\r\n`],
];

for (const [title, status, head] of cases) {
  test(`${title}: the answer says connection: close and the 50 MB body is not read`, async () => {
    const { answer, written } = await uploadUntilClosed(server.port, head, FIFTY_MB);
    const response = parseAnswer(answer);
    assert.is(response.status, status);
    assert.match(response.headers['content-type']!, /^application\/json/);
    assert.is(response.headers['connection'], 'close');
    assert.ok(written < FIFTY_MB, `the server closed the connection before the client could send it all (${written} bytes out)`);
  });
}

test('a client that leaves in the middle of its body is logged as 499 at info, with no error line', async () => {
  const from = lines.length;
  const socket = connect(server.port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  // expect: 100-continue makes the server answer once the request is in the handler: then leave.
  socket.write(
    `PATCH /api/admin/projects/default/features/edge HTTP/1.1\r\nHost: x\r\nAuthorization: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n[`,
  );
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.destroy();
  const line = await logLine(from, (l) => l['msg'] === 'request' && l['method'] === 'PATCH');
  assert.is(line['status'], 499);
  assert.is(line['level'], levelOf('info'));
  assert.not.ok(
    lines.slice(from).some((l) => l['level'] === levelOf('error')),
    `no error line: ${JSON.stringify(lines.slice(from).filter((l) => l['level'] === levelOf('error')))}`,
  );
});

test.run();
