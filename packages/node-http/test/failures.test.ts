// Handler failures, clients that leave, unusable Host headers.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FetchHandler } from '../src/index.js';
import { closeServers, unhandled, start, recordingLogger, deferred, within, sleep, assertJsonError } from './helpers.js';

const test = suite('node-http: failures');
test.after(closeServers);

test('a handler that throws gets a generic 500 JSON and the logger gets the error', async () => {
  const logger = recordingLogger();
  const boom = new Error('database password is hunter2');
  const url = await start(
    () => {
      throw boom;
    },
    { logger },
  );
  const res = await fetch(`${url}/api/x?y=1`, { method: 'DELETE' });
  const body = (await res.json()) as { id: string; message: string };
  assertJsonError(res, body, 500, 'InternalError');
  assert.is(body.message, 'Internal server error');
  assert.not.match(JSON.stringify(body), 'hunter2');
  assert.is(logger.calls.length, 1);
  assert.is(logger.calls[0]!.details.err, boom);
  assert.is(logger.calls[0]!.details.requestId, body.id);
  assert.is(logger.calls[0]!.details.method, 'DELETE');
  assert.is(logger.calls[0]!.details.url, `${url}/api/x?y=1`);
});

test('a rejected promise and a non-Response value are 500s too', async () => {
  const logger = recordingLogger();
  const rejecting = await start(async () => Promise.reject(new TypeError('nope')), { logger });
  const res = await fetch(rejecting);
  assertJsonError(res, await res.json(), 500, 'InternalError');
  const wrong = await start((async () => ({ status: 'fine' })) as unknown as FetchHandler, { logger });
  const res2 = await fetch(wrong);
  assertJsonError(res2, await res2.json(), 500, 'InternalError');
  assert.is(logger.calls.length, 2);
  assert.instance(logger.calls[1]!.details.err, TypeError);
});

test('a response body that fails midway destroys the socket (headers were already out) and is logged', async () => {
  const logger = recordingLogger();
  const url = await start(
    async () =>
      new Response(
        new ReadableStream({
          async start(c) {
            c.enqueue(new TextEncoder().encode('partial'));
            await sleep(20);
            c.error(new Error('stream broke'));
          },
        }),
      ),
    { logger },
  );
  const res = await fetch(url);
  assert.is(res.status, 200);
  await assert.ok(
    await res.text().then(
      () => false,
      () => true,
    ),
    'the client sees a broken body, not a complete one',
  );
  assert.is(logger.calls.length, 1);
  assert.is((logger.calls[0]!.details.err as Error).message, 'stream broke');
});

test('the signal aborts when the client disconnects mid-request', async () => {
  const aborted = deferred<unknown>();
  const entered = deferred();
  const url = await start(async (request) => {
    request.signal.addEventListener('abort', () => aborted.resolve(request.signal.reason));
    entered.resolve();
    await new Promise((r) => setTimeout(r, 10_000).unref());
    return new Response('too late');
  });
  const { hostname, port } = new URL(url);
  const req = httpRequest({ hostname, port, path: '/slow' });
  req.on('error', () => {});
  req.end();
  await within(entered.promise, 'handler entered');
  req.destroy();
  const reason = await within(aborted.promise, 'abort signal');
  assert.is((reason as Error).name, 'AbortError');
});

test('a handler that rejects after the client left does not crash, is not logged, and the server keeps serving', async () => {
  const logger = recordingLogger();
  const entered = deferred();
  const rejected = deferred();
  const url = await start(
    async (request) => {
      if (new URL(request.url).pathname === '/ok') return new Response('still here');
      entered.resolve();
      await new Promise((_, reject) =>
        request.signal.addEventListener('abort', () => {
          setTimeout(() => rejected.resolve(), 10);
          reject(request.signal.reason);
        }),
      );
      return new Response('unreachable');
    },
    { logger },
  );
  const { hostname, port } = new URL(url);
  const req = httpRequest({ hostname, port, path: '/slow', method: 'POST', headers: { 'content-length': 10 } });
  req.on('error', () => {});
  req.write('12345');
  await within(entered.promise, 'handler entered');
  req.destroy();
  await within(rejected.promise, 'handler rejected');
  await sleep(30);
  const res = await fetch(`${url}/ok`);
  assert.is(await res.text(), 'still here');
  assert.equal(unhandled, []);
  assert.is(logger.calls.length, 0);
});

test('an unparsable Host header gets 400 JSON, not a URL pointing elsewhere', async () => {
  let called = 0;
  const url = await start(async () => {
    called++;
    return new Response('ok');
  });
  const { port } = new URL(url);
  const text = await within(
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.end('GET /api HTTP/1.1\r\nHost: evil.example/steal?\r\nConnection: close\r\n\r\n');
      });
      let out = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (out += d));
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
    }),
    'raw socket answer',
  );
  assert.match(text, /^HTTP\/1\.1 400 /);
  assert.match(text, /"name":"BadDataError"/);
  assert.is(called, 0);
});

test.run();
