// Compression over real HTTP, on both paths: a fetch handler (WHATWG Response, whole and streamed)
// and a plain `dispatch` handler. The raw node:http client sees the encoded bytes and decodes them here.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { negotiateEncoding, type FetchHandler } from '../src/index.js';
import { closeServers, raw, start, type RawResponse } from './helpers.js';

const test = suite('compression');
test.after(closeServers);

const BIG = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `feature-${i}`, enabled: i % 2 === 0 })) });
const SMALL = JSON.stringify({ ok: true, note: 'x'.repeat(900) }); // under 1 KiB

/** A fetch handler: /big and /small JSON, /stream a chunked text body, /encoded a body already gzipped, /304. */
const handler: FetchHandler = async (request) => {
  const { pathname } = new URL(request.url);
  const json = { 'content-type': 'application/json; charset=utf-8', etag: '"v1"' };
  if (pathname === '/big') return new Response(BIG, { headers: json });
  if (pathname === '/small') return new Response(SMALL, { headers: json });
  if (pathname === '/image') return new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png' } });
  if (pathname === '/encoded')
    return new Response(new Uint8Array(4096).fill(7), { headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' } });
  if (pathname === '/not-modified') return new Response(null, { status: 304, headers: { etag: '"v1"' } });
  // A streamed body of unknown length, in several chunks.
  const chunks = Array.from({ length: 8 }, (_, i) => `line ${i} ${'abc'.repeat(200)}\n`);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
  });
  return new Response(stream, { headers: { 'content-type': 'application/xml' } }); // a type node-http streams
};

/** The same answers through the plain protocol (as @flagadmin/core's handler offers it). */
const plain = Object.assign((request: Request) => handler(request), {
  dispatch: async (request: { method: string; url: string }) => {
    const body = request.url === '/big' ? BIG : request.url === '/small' ? SMALL : null;
    if (body === null) return { status: 404, headers: {}, body: null };
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', etag: '"v1"' }, body };
  },
});

function decode(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.body).toString('utf8');
  assert.is(encoding, undefined, 'no other encoding');
  return response.body.toString('utf8');
}

const get = (url: string, path: string, acceptEncoding?: string, method = 'GET') =>
  raw(url, { method, path, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

for (const [name, handle] of [
  ['a fetch handler', handler],
  ['a plain dispatch handler', plain],
] as const) {
  test(`${name}: br, gzip and identity by Accept-Encoding, with Vary and the right Content-Length`, async () => {
    const url = await start(handle as FetchHandler, { compression: true });
    const cases: [string | undefined, string | undefined][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip;q=0', undefined],
      ['gzip;q=0, br;q=0', undefined],
      ['identity', undefined],
      ['*', 'br'],
      ['*;q=0', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const response = await get(url, '/big', accept);
      assert.is(response.status, 200);
      assert.is(response.headers['content-encoding'], expected, `Accept-Encoding: ${accept}`);
      assert.is(response.headers['vary'], 'Accept-Encoding', `Vary for ${accept}`);
      assert.is(Number(response.headers['content-length']), response.body.length, 'declared length = bytes sent');
      if (expected) assert.ok(response.body.length < BIG.length / 3, `${expected} makes it smaller`);
      assert.is(decode(response), BIG);
      assert.is(response.headers['etag'], '"v1"');
    }
  });

  test(`${name}: a body under 1 KiB goes out as it is, without Vary`, async () => {
    const url = await start(handle as FetchHandler, { compression: true });
    const response = await get(url, '/small', 'br, gzip');
    assert.is(response.headers['content-encoding'], undefined);
    assert.is(response.headers['vary'], undefined);
    assert.is(response.body.toString(), SMALL);
  });

  test(`${name}: HEAD is not compressed`, async () => {
    const url = await start(handle as FetchHandler, { compression: true });
    const response = await get(url, '/big', 'br', 'HEAD');
    assert.is(response.headers['content-encoding'], undefined);
    assert.is(response.body.length, 0);
  });

  test(`${name}: off unless asked`, async () => {
    const url = await start(handle as FetchHandler);
    const response = await get(url, '/big', 'br');
    assert.is(response.headers['content-encoding'], undefined);
    assert.is(response.body.toString(), BIG);
  });
}

test('streamed bodies are compressed as they stream (chunked, no Content-Length)', async () => {
  const url = await start(handler, { compression: true });
  for (const encoding of ['br', 'gzip']) {
    const response = await get(url, '/stream', encoding);
    assert.is(response.headers['content-encoding'], encoding);
    assert.is(response.headers['content-length'], undefined);
    assert.is(response.headers['transfer-encoding'], 'chunked');
    assert.match(decode(response), /^line 0 (abc)+\nline 1 /);
    assert.is(decode(response).split('\n').length, 9);
  }
});

test('never compressed: 304, an answer already encoded, a type that is not text', async () => {
  const url = await start(handler, { compression: true });
  const notModified = await get(url, '/not-modified', 'br');
  assert.is(notModified.status, 304);
  assert.is(notModified.headers['content-encoding'], undefined);
  const encoded = await get(url, '/encoded', 'br');
  assert.is(encoded.headers['content-encoding'], 'gzip', 'the handler’s own encoding is kept');
  assert.equal([...encoded.body], Array(4096).fill(7), 'bytes untouched');
  const image = await get(url, '/image', 'br');
  assert.is(image.headers['content-encoding'], undefined);
  assert.is(image.body.length, 4096);
});

test('a threshold option', async () => {
  const url = await start(handler, { compression: { threshold: 100 } });
  assert.is((await get(url, '/small', 'gzip')).headers['content-encoding'], 'gzip');
});

test('negotiateEncoding reads q-values and ignores junk', () => {
  assert.is(negotiateEncoding('br;q=0.1, gzip;q=0.9'), 'gzip');
  assert.is(negotiateEncoding('GZIP'), 'gzip');
  assert.is(negotiateEncoding('br;q=abc'), 'br', 'an unreadable q counts as 1');
  assert.is(negotiateEncoding('deflate, compress'), null);
  assert.is(negotiateEncoding(''), null);
  assert.is(negotiateEncoding(',;,'), null);
});

test.run();
