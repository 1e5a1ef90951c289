// The Request a handler gets and how its Response is written.
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { closeServers, start, deferred, within, raw, echo, type Echo } from './helpers.js';

const test = suite('node-http: requests in, responses out');
test.after(closeServers);

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
  const res = await new Promise<IncomingMessage>((resolve, reject) => httpRequest(`${url}/`, resolve).on('error', reject).end());
  res.resume();
  assert.is(res.statusCode, 201);
  assert.is(res.statusMessage, 'Made It');
});

/** A handler that reads the whole body; `error()` is what reading it threw (it is rethrown). */

test('HEAD: headers and content-length, no body', async () => {
  const url = await start(
    async (request) =>
      new Response(request.method === 'HEAD' ? 'hello' : 'hello', { headers: { 'content-type': 'text/plain', etag: '"1"' } }),
  );
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
  const first = await within(reader.read(), 'first chunk before the stream ends');
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
    async () => new Response(new Blob([text]).stream(), { headers: { 'content-type': 'application/json; charset=utf-8' } }),
  );
  const res = await raw(url, {});
  assert.is(res.headers['content-length'], String(Buffer.byteLength(text)));
  assert.is(res.headers['transfer-encoding'], undefined);
  assert.is(res.body.toString('utf8'), text);
});

test.run();
