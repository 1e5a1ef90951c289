// The server's header, request and keep-alive timeouts: explicit, configurable, answered as JSON.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_HEADERS_TIMEOUT, DEFAULT_KEEP_ALIVE_TIMEOUT, DEFAULT_REQUEST_TIMEOUT, createServer, serve } from '../src/index.js';
import { assertRawJsonError, closeServers, echo, exchange, listen, parseAnswer } from './helpers.js';

const test = suite('node-http: server timeouts');
test.after(closeServers);

test('defaults are explicit: 10 s for the head, 30 s for the whole request, 5 s keep-alive', () => {
  const server = createServer(echo);
  assert.is(server.headersTimeout, DEFAULT_HEADERS_TIMEOUT);
  assert.is(server.requestTimeout, DEFAULT_REQUEST_TIMEOUT);
  assert.is(server.keepAliveTimeout, DEFAULT_KEEP_ALIVE_TIMEOUT);
  assert.equal([DEFAULT_HEADERS_TIMEOUT, DEFAULT_REQUEST_TIMEOUT, DEFAULT_KEEP_ALIVE_TIMEOUT], [10_000, 30_000, 5_000]);
});

test('the options set them; they win over serverOptions; bad values are refused', () => {
  const server = createServer(echo, {
    headersTimeout: 2_000,
    requestTimeout: 4_000,
    keepAliveTimeout: 1_000,
    serverOptions: { requestTimeout: 9_000 },
  });
  assert.is(server.headersTimeout, 2_000);
  assert.is(server.requestTimeout, 4_000);
  assert.is(server.keepAliveTimeout, 1_000);
  const fromServerOptions = createServer(echo, { serverOptions: { headersTimeout: 3_000, keepAliveTimeout: 7_000 } });
  assert.is(fromServerOptions.headersTimeout, 3_000);
  assert.is(fromServerOptions.keepAliveTimeout, 7_000);
  assert.throws(
    () => createServer(echo, { headersTimeout: 5_000, requestTimeout: 1_000 }),
    /headersTimeout \(5000\) must not be above requestTimeout \(1000\)/,
  );
  assert.throws(() => createServer(echo, { keepAliveTimeout: -1 }), /keepAliveTimeout must be a whole number/);
  assert.throws(() => createServer(echo, { requestTimeout: 1.5 }), /requestTimeout must be a whole number/);
});

test('a client that never finishes its headers gets a JSON 408 and the connection is closed', async () => {
  const url = await listen(createServer(echo, { headersTimeout: 100, requestTimeout: 200 }));
  const answer = parseAnswer(await exchange(Number(new URL(url).port), 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: '));
  assertRawJsonError(answer, 408, 'RequestTimeoutError');
  assert.is(answer.headers['connection'], 'close');
});

test('a client that never finishes its body gets a JSON 408 and the connection is closed', async () => {
  let reading = 0;
  const { url, close } = await serve({
    fetch: async (request) => {
      reading++;
      return echo(request);
    },
    headersTimeout: 100,
    requestTimeout: 200,
  });
  try {
    const answer = parseAnswer(await exchange(Number(new URL(url).port), 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12345'));
    assertRawJsonError(answer, 408, 'RequestTimeoutError');
    assert.is(reading, 1, 'the handler was reading the body when the time ran out');
  } finally {
    await close();
  }
});

test.run();
