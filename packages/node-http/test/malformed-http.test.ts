// Requests node's HTTP parser refuses, and requests without Host: answered with the JSON error
// envelope (not node's plain-text 400/431), then the connection is closed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from '../src/index.js';
import { assertRawJsonError, closeServers, echo, exchange, listen, parseAnswer } from './helpers.js';

const test = suite('node-http: malformed HTTP gets JSON errors');
test.after(closeServers);

let port = 0;
let handled = 0;
test.before(async () => {
  const url = await listen(
    createServer(async (request) => {
      handled++;
      return echo(request);
    }),
  );
  port = Number(new URL(url).port);
});

const cases: { title: string; request: string | Buffer; status: number; name: string }[] = [
  {
    title: 'a control character in a header value',
    request: 'GET / HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n',
    status: 400,
    name: 'BadDataError',
  },
  {
    title: 'Content-Length together with Transfer-Encoding',
    request: 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    status: 400,
    name: 'BadDataError',
  },
  {
    title: 'two Content-Length headers',
    request: 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!',
    status: 400,
    name: 'BadDataError',
  },
  { title: 'HTTP/9.9', request: 'GET / HTTP/9.9\r\nHost: x\r\n\r\n', status: 400, name: 'BadDataError' },
  { title: 'an unknown method (FOO)', request: 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n', status: 400, name: 'BadDataError' },
  {
    title: 'a 20 KB header block',
    request: `GET / HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 20 }, (_, i) => `X-Filler-${i}: ${'a'.repeat(1000)}\r\n`).join('')}\r\n`,
    status: 431,
    name: 'RequestHeaderFieldsTooLargeError',
  },
  {
    title: 'a 70 KB request line',
    request: `GET /${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    status: 431,
    name: 'RequestHeaderFieldsTooLargeError',
  },
  { title: 'no Host header on HTTP/1.1', request: 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n', status: 400, name: 'BadDataError' },
  {
    title: 'a NUL in the path',
    request: Buffer.from('GET /a\x00b HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'),
    status: 400,
    name: 'BadDataError',
  },
  {
    title: 'a bad chunk size',
    request: 'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
    status: 400,
    name: 'BadDataError',
  },
  {
    title: 'a negative Content-Length',
    request: 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\nhello',
    status: 400,
    name: 'BadDataError',
  },
];

for (const c of cases) {
  test(`${c.title}: ${c.status} ${c.name} as JSON, connection closed`, async () => {
    const before = handled;
    const text = await exchange(port, c.request);
    const answer = parseAnswer(text);
    assertRawJsonError(answer, c.status, c.name);
    assert.is(answer.headers['connection'], 'close');
    if (c.title !== 'a bad chunk size') assert.is(handled, before, 'the handler never saw it');
  });
}

test('an HTTP/1.0 request without Host is still served', async () => {
  const answer = parseAnswer(await exchange(port, 'GET /old HTTP/1.0\r\n\r\n'));
  assert.is(answer.status, 200);
  assert.match(JSON.parse(answer.body).url, /^http:\/\/localhost\/old$/);
});

test.run();
