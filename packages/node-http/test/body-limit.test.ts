// The body limit (declared and chunked), and bodies the handler leaves unread.
import { type IncomingHttpHeaders, Agent, request as httpRequest } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_BODY_LIMIT } from '../src/index.js';
import { closeServers, start, within, raw, echo, type Echo, assertJsonError, bodyReader } from './helpers.js';

const test = suite('node-http: body limit and unread bodies');
test.after(closeServers);

test('413 as soon as the handler reads a body whose content-length is over the limit, without waiting for it', async () => {
  const reader = bodyReader();
  const url = await start(reader.handle);
  const { hostname, port } = new URL(url);
  const result = await within(
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string; closed: Promise<void> }>((resolve, reject) => {
      const req = httpRequest({ hostname, port, method: 'POST', path: '/api', headers: { 'content-length': DEFAULT_BODY_LIMIT + 1 } });
      const closed = new Promise<void>((r) => req.on('close', () => r()));
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, closed }));
      });
      req.on('error', reject);
      req.write('x'.repeat(100)); // a little of the body, never the rest: the answer must not wait for it
    }),
    '413 for a declared length',
  );
  assertJsonError(result, JSON.parse(result.body), 413, 'PayloadTooLargeError');
  assert.is(result.headers.connection, 'close');
  await within(result.closed, 'connection closed after 413');
  assert.is(((await within(reader.failed, 'the handler saw the body stream fail')) as Error).name, 'PayloadTooLargeError');
});

test('a handler that answers before reading (401 first) is not overtaken by the body limit', async () => {
  const url = await start(async (request) =>
    request.headers.get('authorization') ? new Response('ok') : Response.json({ name: 'AuthenticationRequired' }, { status: 401 }),
  );
  const declared = await raw(url, { method: 'POST', body: Buffer.alloc(DEFAULT_BODY_LIMIT * 2, 1) });
  assert.is(declared.status, 401);
  const chunked = await fetch(url, {
    method: 'POST',
    body: new ReadableStream({ start: (c) => (c.enqueue(new Uint8Array(DEFAULT_BODY_LIMIT * 2)), c.close()) }),
    duplex: 'half',
  } as RequestInit);
  assert.is(chunked.status, 401);
  await chunked.arrayBuffer();
});

test('413 for a chunked upload that grows past the limit; the socket is closed, not left hanging', async () => {
  const limit = 10_000;
  const reader = bodyReader();
  const url = await start(reader.handle, { bodyLimit: limit });
  const { hostname, port } = new URL(url);
  let sent = 0;
  const result = await within(
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string; closed: Promise<void> }>((resolve, reject) => {
      const req = httpRequest({ hostname, port, method: 'POST', path: '/api', headers: { 'transfer-encoding': 'chunked' } });
      const closed = new Promise<void>((r) => req.on('close', () => r()));
      let answered = false;
      const pump = () => {
        if (answered || req.destroyed || sent > 50 * limit) return;
        sent += 1000;
        req.write(Buffer.alloc(1000, 1), () => setImmediate(pump));
      };
      req.on('response', (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, closed }));
      });
      req.on('error', (error) => (answered ? undefined : reject(error)));
      pump();
    }),
    '413 for a chunked upload',
  );
  assertJsonError(result, JSON.parse(result.body), 413, 'PayloadTooLargeError');
  await within(result.closed, 'connection closed after chunked 413');
  assert.ok(sent > limit, `the client sent ${sent} bytes`);
  assert.ok(sent < 50 * limit, 'the server stopped the upload long before the client gave up');
  assert.is(
    ((await within(reader.failed, 'the handler saw the body stream fail')) as Error).name,
    'PayloadTooLargeError',
    'the handler saw the body stream fail',
  );
});

test('a body of exactly the limit is accepted, one byte more is not (declared and chunked)', async () => {
  const url = await start(echo);
  const atLimit = Buffer.alloc(DEFAULT_BODY_LIMIT, 7);
  const ok = await fetch(`${url}/x`, { method: 'POST', body: atLimit });
  assert.is(ok.status, 200);
  assert.is(((await ok.json()) as Echo).length, DEFAULT_BODY_LIMIT);
  const over = await fetch(`${url}/x`, { method: 'POST', body: Buffer.alloc(DEFAULT_BODY_LIMIT + 1, 7) });
  assertJsonError(over, await over.json(), 413, 'PayloadTooLargeError');

  const small = await start(echo, { bodyLimit: 1000 });
  const chunked = (n: number) =>
    fetch(`${small}/x`, {
      method: 'POST',
      body: new ReadableStream({
        start(c) {
          c.enqueue(new Uint8Array(n - 400));
          c.enqueue(new Uint8Array(400));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
  const chunkedOk = await chunked(1000);
  assert.is(chunkedOk.status, 200);
  assert.is(((await chunkedOk.json()) as Echo).length, 1000);
  const chunkedOver = await chunked(1001);
  assert.is(chunkedOver.status, 413);
  await chunkedOver.arrayBuffer();
});

test('a body still arriving after the response is drained, so keep-alive serves the next request', async () => {
  const url = await start(async (request) => new Response(`answered ${request.method} without reading the body`));
  const { hostname, port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // Send part of a declared body, get the answer, only then send the rest.
    const first = await within(
      new Promise<string>((resolve, reject) => {
        const req = httpRequest({ hostname, port, method: 'POST', path: '/', agent, headers: { 'content-length': 50_000 } });
        req.on('error', reject);
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => {
            req.end(Buffer.alloc(49_000, 2));
            resolve(body);
          });
        });
        req.write(Buffer.alloc(1000, 1));
      }),
      'first response',
    );
    assert.is(first, 'answered POST without reading the body');
    const second = await within(raw(url, { method: 'POST', body: 'small', agent }), 'second request on the same socket');
    assert.is(second.status, 200);
    assert.ok(second.reusedSocket, 'the connection was kept alive');
  } finally {
    agent.destroy();
  }
});

test('an unread body larger than the limit is not drained for ever: the connection is closed', async () => {
  const url = await start(async () => new Response('answered early'), { bodyLimit: 2000 });
  const { hostname, port } = new URL(url);
  const closed = await within(
    new Promise<boolean>((resolve) => {
      const req = httpRequest({ hostname, port, method: 'POST', path: '/', headers: { 'transfer-encoding': 'chunked' } });
      req.on('error', () => {});
      req.on('response', (res) => {
        res.resume();
        let writes = 0;
        const pump = () => {
          if (req.destroyed || writes++ > 1000) return resolve(false);
          req.write(Buffer.alloc(1000), () => setImmediate(pump));
        };
        pump();
      });
      req.on('close', () => resolve(true));
      req.write(Buffer.alloc(500));
    }),
    'connection closed',
  );
  assert.ok(closed, 'the server closed the connection instead of reading without end');
});

test.run();
