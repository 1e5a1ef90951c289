// An incoming x-request-id is the request's id (answer header, error body, log line) when it is
// bounded printable ASCII; anything else is replaced by a generated UUID. In process and over a socket.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_REQUEST_ID_LENGTH } from '@flagadmin/core';
import { httpWorld, TRANSPORTS, type HttpWorld, type Transport } from './helpers/http-world';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function requestIdSuite(transport: Transport): void {
  const test = suite(`x-request-id (${transport.name})`);
  let w: HttpWorld;
  test.before(async () => {
    w = await httpWorld(transport);
  });
  test.after(() => w.close());

  const loggedId = (index: number) => w.logged.slice(index).find((line) => line['msg'] === 'request')?.['requestId'];

  test('a valid incoming id is kept: answer header, error body and log line', async () => {
    for (const id of [
      'req-1',
      'f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
      'Root=1-67891233-abcdef012345678912345678;Sampled=1',
      'x'.repeat(MAX_REQUEST_ID_LENGTH),
    ]) {
      const from = w.logged.length;
      const ok = await w.send('/api/admin/projects', { headers: { authorization: w.adminKey, 'x-request-id': id } });
      assert.is(ok.status, 200);
      assert.is(ok.headers.get('x-request-id'), id);
      assert.is(loggedId(from), id, 'the log line carries it');
      const denied = await w.send('/api/admin/projects', { headers: { 'x-request-id': id } });
      assert.is(denied.status, 401);
      assert.is(denied.headers.get('x-request-id'), id);
      assert.is((await denied.json()).id, id, 'the error body carries it');
    }
  });

  test('an invalid incoming id is replaced by a generated one', async () => {
    for (const id of ['x'.repeat(MAX_REQUEST_ID_LENGTH + 1), 'two words', 'caf\u00e9', '', '\t']) {
      const from = w.logged.length;
      const r = await w.send('/api/admin/projects', { headers: { authorization: w.adminKey, 'x-request-id': id } });
      assert.is(r.status, 200);
      const answered = r.headers.get('x-request-id')!;
      assert.match(answered, UUID, `${JSON.stringify(id)} is replaced`);
      assert.is(loggedId(from), answered);
    }
  });

  test('without one, every request gets its own id', async () => {
    const a = (await w.send('/health')).headers.get('x-request-id')!;
    const b = (await w.send('/health')).headers.get('x-request-id')!;
    assert.match(a, UUID);
    assert.match(b, UUID);
    assert.is.not(a, b);
  });

  test.run();
}

for (const transport of TRANSPORTS) requestIdSuite(transport);
