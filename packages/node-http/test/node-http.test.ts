import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  Agent,
  createServer as createHttpServer,
  request as httpRequest,
} from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DEFAULT_BODY_LIMIT,
  type ErrorLogDetails,
  type FetchHandler,
  type ListenerOptions,
  type Logger,
  createServer,
  serve,
  toNodeListener,
} from '../src/index.js';

// ---------------------------------------------------------------------------------------------
// helpers

const servers: Server[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', onUnhandled);

test.after(async () => {
  process.off('unhandledRejection', onUnhandled);
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

function listen(server: Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function start(handle: FetchHandler, options?: ListenerOptions): Promise<string> {
  return listen(createServer(handle, options));
}

function recordingLogger(): Logger & { calls: { message: string; details: ErrorLogDetails }[] } {
  const calls: { message: string; details: ErrorLogDetails }[] = [];
  return { calls, error: (message, details) => calls.push({ message, details }) };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}
function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** node:http client, for what fetch hides: HEAD bodies, declared lengths, raw set-cookie lists. */
function raw(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string | number>; body?: Buffer | string; agent?: Agent },
): Promise<RawResponse & { reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = httpRequest(
      { hostname, port, method: options.method ?? 'GET', path: options.path ?? '/', headers: options.headers, agent: options.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), reusedSocket: req.reusedSocket }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Echoes what the handler received, the body as exact bytes (base64). */
const echo: FetchHandler = async (request) => {
  const bytes = new Uint8Array(await request.arrayBuffer());
  return Response.json({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body: Buffer.from(bytes).toString('base64'),
    length: bytes.byteLength,
  });
};
type Echo = { method: string; url: string; headers: Record<string, string>; body: string; length: number };

function assertJsonError(res: { status: number; headers: IncomingHttpHeaders | Headers }, body: unknown, status: number, name: string) {
  const get = (h: string) => (res.headers instanceof Headers ? res.headers.get(h) : (res.headers[h] as string | undefined));
  assert.is(res.status, status);
  assert.is(get('content-type'), 'application/json; charset=utf-8');
  const error = body as { id: string; name: string; message: string };
  assert.is(error.name, name);
  assert.type(error.message, 'string');
  assert.match(error.id, /^[0-9a-f-]{36}$/);
  assert.is(get('x-request-id'), error.id);
}

// ---------------------------------------------------------------------------------------------
// round trips

test('GET: method, full url with query string, headers reach the handler', async () => {
  const url = await start(echo);
  const res = await fetch(`${url}/api/admin/features?project=default&q=a%20b&tag=x&tag=y`, {
    headers: { 'x-custom': 'one', authorization: 'secret' },
  });
  assert.is(res.status, 200);
  const got = (await res.json()) as Echo;
  assert.is(got.method, 'GET');
  assert.is(got.url, `${url}/api/admin/features?project=default&q=a%20b&tag=x&tag=y`);
  assert.is(new URL(got.url).searchParams.getAll('tag').join(','), 'x,y');
  assert.is(got.headers['x-custom'], 'one');
  assert.is(got.headers.authorization, 'secret');
  assert.is(got.headers.host, new URL(url).host);
  assert.is(got.length, 0);
});

test('POST: every byte value arrives exact, content-type kept', async () => {
  const url = await start(echo);
  const bytes = Buffer.alloc(256 * 40);
  for (let i = 0; i < bytes.length; i++) bytes[i] = i % 256;
  const res = await fetch(`${url}/upload`, { method: 'POST', body: bytes, headers: { 'content-type': 'application/octet-stream' } });
  const got = (await res.json()) as Echo;
  assert.is(got.method, 'POST');
  assert.is(got.length, bytes.length);
  assert.ok(Buffer.from(got.body, 'base64').equals(bytes));
  assert.is(got.headers['content-type'], 'application/octet-stream');
  assert.is(got.headers['content-length'], String(bytes.length));
});

test('repeated request headers stay separate values (joined by the Headers rules)', async () => {
  const url = await start(async (request) => new Response(request.headers.get('x-multi')));
  const res = await raw(url, { headers: { 'x-multi': 'a' } });
  assert.is(res.body.toString(), 'a');
});

test('a response status text and status code pass through', async () => {
  const url = await start(async () => new Response('made', { status: 201, statusText: 'Made It' }));
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    httpRequest(`${url}/`, resolve).on('error', reject).end(),
  );
  res.resume();
  assert.is(res.statusCode, 201);
  assert.is(res.statusMessage, 'Made It');
});

// ---------------------------------------------------------------------------------------------
// body limit

/** A handler that reads the whole body; `error()` is what reading it threw (it is rethrown). */
function bodyReader(): { handle: (request: Request) => Promise<Response>; error(): unknown } {
  let bodyError: unknown;
  return {
    handle: async (request) => {
      try {
        await request.arrayBuffer();
      } catch (error) {
        bodyError = error;
        throw error;
      }
      return new Response('should not be sent');
    },
    error: () => bodyError,
  };
}

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
    3000,
    '413 for a declared length',
  );
  assertJsonError(result, JSON.parse(result.body), 413, 'PayloadTooLargeError');
  assert.is(result.headers.connection, 'close');
  await within(result.closed, 3000, 'connection closed after 413');
  assert.is((reader.error() as Error | undefined)?.name, 'PayloadTooLargeError');
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
    5000,
    '413 for a chunked upload',
  );
  assertJsonError(result, JSON.parse(result.body), 413, 'PayloadTooLargeError');
  await within(result.closed, 3000, 'connection closed after chunked 413');
  assert.ok(sent > limit, `the client sent ${sent} bytes`);
  assert.ok(sent < 50 * limit, 'the server stopped the upload long before the client gave up');
  await sleep(20);
  assert.is((reader.error() as Error | undefined)?.name, 'PayloadTooLargeError', 'the handler saw the body stream fail');
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
      3000,
      'first response',
    );
    assert.is(first, 'answered POST without reading the body');
    const second = await within(raw(url, { method: 'POST', body: 'small', agent }), 3000, 'second request on the same socket');
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
    5000,
    'connection closed',
  );
  assert.ok(closed, 'the server closed the connection instead of reading without end');
});

// ---------------------------------------------------------------------------------------------
// failures

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
  assert.is(logger.calls[0]!.details.error, boom);
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
  assert.instance(logger.calls[1]!.details.error, TypeError);
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
  assert.is((logger.calls[0]!.details.error as Error).message, 'stream broke');
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
  await within(entered.promise, 3000, 'handler entered');
  req.destroy();
  const reason = await within(aborted.promise, 3000, 'abort signal');
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
  await within(entered.promise, 3000, 'handler entered');
  req.destroy();
  await within(rejected.promise, 3000, 'handler rejected');
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
    3000,
    'raw socket answer',
  );
  assert.match(text, /^HTTP\/1\.1 400 /);
  assert.match(text, /"name":"BadDataError"/);
  assert.is(called, 0);
});

// ---------------------------------------------------------------------------------------------
// response writing

test('HEAD: headers and content-length, no body', async () => {
  const url = await start(async (request) => new Response(request.method === 'HEAD' ? 'hello' : 'hello', { headers: { 'content-type': 'text/plain', etag: '"1"' } }));
  const res = await raw(url, { method: 'HEAD' });
  assert.is(res.status, 200);
  assert.is(res.headers['content-length'], '5');
  assert.is(res.headers.etag, '"1"');
  assert.is(res.body.length, 0);
  // a streamed body: still no body bytes on HEAD
  const streamed = await start(async () => new Response(new ReadableStream({ start: (c) => (c.enqueue(new Uint8Array(3)), c.close()) })));
  const res2 = await raw(streamed, { method: 'HEAD' });
  assert.is(res2.status, 200);
  assert.is(res2.body.length, 0);
  // the handler's own content-length for a HEAD answer wins
  const declared = await start(async () => new Response(null, { headers: { 'content-length': '1234' } }));
  const res3 = await raw(declared, { method: 'HEAD' });
  assert.is(res3.headers['content-length'], '1234');
});

test('several set-cookie headers arrive as separate headers', async () => {
  const url = await start(async () => {
    const headers = new Headers({ 'content-type': 'text/plain' });
    headers.append('set-cookie', 'a=1; Path=/');
    headers.append('set-cookie', 'b=2; HttpOnly');
    headers.append('x-other', 'y');
    return new Response('ok', { headers });
  });
  const res = await raw(url, {});
  assert.equal(res.headers['set-cookie'], ['a=1; Path=/', 'b=2; HttpOnly']);
  assert.is(res.headers['x-other'], 'y');
  const viaFetch = await fetch(url);
  assert.equal(viaFetch.headers.getSetCookie(), ['a=1; Path=/', 'b=2; HttpOnly']);
  await viaFetch.arrayBuffer();
});

test('a streamed response reaches the client chunk by chunk, before the stream ends', async () => {
  const firstSeen = deferred();
  const url = await start(async () => {
    const encoder = new TextEncoder();
    return new Response(
      new ReadableStream({
        async start(c) {
          c.enqueue(encoder.encode('first;'));
          await firstSeen.promise; // only continues once the client has the first chunk
          c.enqueue(encoder.encode('second'));
          c.close();
        },
      }),
      { headers: { 'content-type': 'application/x-ndjson' } },
    );
  });
  const res = await fetch(url);
  assert.is(res.headers.get('transfer-encoding'), 'chunked');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const first = await within(reader.read(), 3000, 'first chunk before the stream ends');
  assert.is(decoder.decode(first.value), 'first;');
  firstSeen.resolve();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    rest += decoder.decode(value);
  }
  assert.is(rest, 'second');
});

test('204 and null bodies: no body, content-length 0 where a body is allowed', async () => {
  const url = await start(async (request) =>
    new URL(request.url).pathname === '/none' ? new Response(null, { status: 204 }) : new Response(null, { status: 200 }),
  );
  const none = await raw(url, { path: '/none' });
  assert.is(none.status, 204);
  assert.is(none.body.length, 0);
  const empty = await raw(url, { path: '/empty' });
  assert.is(empty.status, 200);
  assert.is(empty.headers['content-length'], '0');
});

test('bodies from bytes, JSON and a stream source are written exact', async () => {
  const bytes = new Uint8Array([0, 255, 1, 254, 10, 13]);
  const url = await start(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/bytes') return new Response(bytes);
    if (path === '/json') return Response.json({ ü: 'ñ', n: 1 });
    return new Response(new Blob([bytes]).stream(), { headers: { 'content-type': 'application/octet-stream' } });
  });
  const b = await raw(url, { path: '/bytes' });
  assert.ok(b.body.equals(Buffer.from(bytes)));
  assert.is(b.headers['content-length'], String(bytes.length));
  const j = await raw(url, { path: '/json' });
  assert.equal(JSON.parse(j.body.toString('utf8')), { ü: 'ñ', n: 1 });
  assert.is(j.headers['content-length'], String(j.body.length));
  const s = await raw(url, { path: '/stream' });
  assert.ok(s.body.equals(Buffer.from(bytes)));
});

test('a JSON body given as a stream is read whole and sent with its content-length', async () => {
  const text = JSON.stringify({ features: Array.from({ length: 200 }, (_, i) => ({ name: `f${i}`, enabled: i % 2 === 0 })) });
  const url = await start(
    async () =>
      new Response(new Blob([text]).stream(), { headers: { 'content-type': 'application/json; charset=utf-8' } }),
  );
  const res = await raw(url, {});
  assert.is(res.headers['content-length'], String(Buffer.byteLength(text)));
  assert.is(res.headers['transfer-encoding'], undefined);
  assert.is(res.body.toString('utf8'), text);
});

// ---------------------------------------------------------------------------------------------
// mounting

test('mounted by Connect/Express under /admin: the handler sees the full path from originalUrl', async () => {
  const listener = toNodeListener(echo);
  // What Connect/Express do for app.use('/admin', listener): keep originalUrl, strip the prefix from url.
  const url = await listen(
    createHttpServerWith((req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
      if (!req.url!.startsWith('/admin')) {
        res.writeHead(418).end('not mounted');
        return;
      }
      req.originalUrl = req.url;
      req.url = req.url!.slice('/admin'.length) || '/';
      listener(req, res);
    }),
  );
  const got = (await (await fetch(`${url}/admin/api/admin/projects?x=1`)).json()) as Echo;
  assert.is(got.url, `${url}/admin/api/admin/projects?x=1`);
});

test('stripPrefix: /admin/api/x reaches the handler as /api/x; outside the prefix is 404 or next()', async () => {
  const url = await start(echo, { stripPrefix: '/admin/' });
  const got = (await (await fetch(`${url}/admin/api/x?q=%2F`)).json()) as Echo;
  assert.is(got.url, `${url}/api/x?q=%2F`);
  const root = (await (await fetch(`${url}/admin`)).json()) as Echo;
  assert.is(new URL(root.url).pathname, '/');
  const query = (await (await fetch(`${url}/admin?a=1`)).json()) as Echo;
  assert.is(query.url, `${url}/?a=1`);
  const outside = await fetch(`${url}/administrator/api/x`);
  assertJsonError(outside, await outside.json(), 404, 'NotFoundError');

  // with a next(), a request outside the prefix goes on to the rest of the app
  const listener = toNodeListener(echo, { stripPrefix: '/admin' });
  let nexts = 0;
  const url2 = await listen(
    createHttpServerWith((req: IncomingMessage, res: ServerResponse) =>
      listener(req, res, () => {
        nexts++;
        res.writeHead(200, { 'content-type': 'text/plain' }).end('the rest of the app');
      }),
    ),
  );
  assert.is(await (await fetch(`${url2}/elsewhere`)).text(), 'the rest of the app');
  assert.is(nexts, 1);
  const inside = (await (await fetch(`${url2}/admin/api/y`)).json()) as Echo;
  assert.is(inside.url, `${url2}/api/y`);
  assert.is(nexts, 1);
});

test('a body already parsed by express.json()/text()/raw() is used (object, string, Buffer)', async () => {
  const listener = toNodeListener(echo);
  // A stand-in for body-parser: read the stream whole, then set req.body.
  const url = await listen(
    createHttpServerWith(async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      const kind = req.headers['x-kind'];
      req.body = kind === 'object' ? JSON.parse(text) : kind === 'string' ? text : Buffer.concat(chunks);
      listener(req, res);
    }),
  );
  const sent = '{ "name": "feature-a",   "enabled": true }';
  const asObject = (await (
    await fetch(url, { method: 'POST', body: sent, headers: { 'content-type': 'application/json', 'x-kind': 'object' } })
  ).json()) as Echo;
  const expected = JSON.stringify({ name: 'feature-a', enabled: true });
  assert.is(Buffer.from(asObject.body, 'base64').toString(), expected);
  assert.is(asObject.headers['content-length'], String(Buffer.byteLength(expected)));
  assert.is(asObject.headers['content-type'], 'application/json');

  const asString = (await (await fetch(url, { method: 'POST', body: 'plain ü', headers: { 'x-kind': 'string' } })).json()) as Echo;
  assert.is(Buffer.from(asString.body, 'base64').toString(), 'plain ü');
  assert.is(asString.headers['content-length'], String(Buffer.byteLength('plain ü')));

  const asBuffer = (await (await fetch(url, { method: 'POST', body: new Uint8Array([1, 2, 250]), headers: { 'x-kind': 'buffer' } })).json()) as Echo;
  assert.equal([...Buffer.from(asBuffer.body, 'base64')], [1, 2, 250]);
});

test('req.body = {} set by a parser that skipped the request (Express 4) does not hide the real body', async () => {
  const listener = toNodeListener(echo);
  const url = await listen(
    createHttpServerWith((req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      req.body = {}; // express.json() does this for a content-type it does not parse, without reading
      listener(req, res);
    }),
  );
  const got = (await (await fetch(url, { method: 'POST', body: 'the real body', headers: { 'content-type': 'text/plain' } })).json()) as Echo;
  assert.is(Buffer.from(got.body, 'base64').toString(), 'the real body');
  const none = (await (await fetch(url, { method: 'POST' })).json()) as Echo;
  assert.is(none.length, 0);
});

// ---------------------------------------------------------------------------------------------
// serve()

test('serve(): port 0 gives a working url; close() waits for an in-flight request, then resolves', async () => {
  const release = deferred();
  const entered = deferred();
  const { url, port, server, close } = await serve({
    fetch: async (request) => {
      if (new URL(request.url).pathname === '/slow') {
        entered.resolve();
        await release.promise;
        return new Response('slow done');
      }
      return new Response('fast');
    },
  });
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.ok(port > 0);
  assert.is(url, `http://127.0.0.1:${port}`);
  assert.is(await (await fetch(`${url}/`)).text(), 'fast'); // leaves an idle keep-alive connection behind

  const slow = fetch(`${url}/slow`).then((r) => r.text());
  await within(entered.promise, 3000, 'slow request entered');
  let closed = false;
  const closing = close().then(() => (closed = true));
  await sleep(100);
  assert.is(closed, false, 'close() waits for the in-flight request');
  assert.is(server.listening, false, 'no new connections are accepted');
  release.resolve();
  assert.is(await within(slow, 3000, 'slow response'), 'slow done');
  await within(closing, 3000, 'close() resolves once the request is done and idle connections are closed');
  assert.ok(closed);
  await close(); // a second close is harmless
});

test('serve(): a busy port rejects', async () => {
  const first = await serve({ fetch: async () => new Response('one') });
  try {
    let error: unknown;
    await serve({ fetch: async () => new Response('two'), port: first.port }).then(
      (second) => second.close(),
      (e: unknown) => (error = e),
    );
    assert.is((error as NodeJS.ErrnoException | undefined)?.code, 'EADDRINUSE');
  } finally {
    await first.close();
  }
});

test('options are checked', () => {
  assert.throws(() => toNodeListener(echo, { bodyLimit: -1 }), /bodyLimit/);
});

/** A plain node:http server (named apart from the package's createServer under test). */
function createHttpServerWith(listener: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createHttpServer(listener);
}

test.run();
