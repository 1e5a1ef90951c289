import { request as httpRequest } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serve, type PlainRequest, type PlainResponse, type ServeResult } from '@flagadmin/node-http';

/** A handler offering the plain protocol; `handle(Request)` must never be called when `dispatch` exists. */
function plainHandler(dispatch: (req: PlainRequest) => Promise<PlainResponse>) {
  const handle = async (): Promise<Response> => {
    throw new Error('the WHATWG path was used');
  };
  return Object.assign(handle, { dispatch });
}

const servers: ServeResult[] = [];
const start = async (
  dispatch: (req: PlainRequest) => Promise<PlainResponse>,
  options: { bodyLimit?: number; stripPrefix?: string } = {},
) => {
  const s = await serve({ fetch: plainHandler(dispatch), ...options });
  servers.push(s);
  return s;
};
test.after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

test('dispatch gets method, path with query, case-insensitive headers and the body; its answer is written as is', async () => {
  let seen: { method: string; url: string; type: string | null; custom: string | null; body: string } | undefined;
  const s = await start(async (req) => {
    seen = {
      method: req.method,
      url: req.url,
      type: req.headers.get('Content-Type'),
      custom: req.headers.get('x-custom'),
      body: new TextDecoder().decode(await req.body(1000)),
    };
    return { status: 201, headers: { 'content-type': 'application/json', 'x-answer': '42' }, body: '{"ok":true}' };
  });
  const r = await fetch(`${s.url}/a/b?c=d`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-custom': 'yes' },
    body: 'héllo',
  });
  assert.is(r.status, 201);
  assert.is(r.headers.get('x-answer'), '42');
  assert.is(r.headers.get('content-length'), '11');
  assert.equal(await r.json(), { ok: true });
  assert.equal(seen, { method: 'POST', url: '/a/b?c=d', type: 'text/plain', custom: 'yes', body: 'héllo' });
});

test("a body over the handler's limit rejects with PayloadTooLargeError and the connection is closed", async () => {
  let error: Error | undefined;
  const s = await start(async (req) => {
    try {
      await req.body(10);
    } catch (e) {
      error = e as Error;
    }
    return { status: 413, headers: {}, body: '{}' };
  });
  for (const chunked of [false, true]) {
    const r = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = httpRequest(`${s.url}/x`, { method: 'POST', headers: chunked ? {} : { 'content-length': 1000 } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode!, connection: res.headers.connection });
      });
      req.on('error', reject);
      if (chunked) for (let i = 0; i < 5; i++) req.write('x'.repeat(20));
      req.end(chunked ? undefined : 'x'.repeat(1000));
    });
    assert.is(r.status, 413);
    assert.is(r.connection, 'close');
    assert.is(error?.name, 'PayloadTooLargeError');
  }
});

test("the adapter's own bodyLimit caps the handler's", async () => {
  let name = '';
  const s = await start(
    async (req) => {
      await req.body(1_000_000).catch((e: Error) => (name = e.name));
      return { status: 200, headers: {}, body: null };
    },
    { bodyLimit: 5 },
  );
  await fetch(`${s.url}/x`, { method: 'POST', body: '123456' });
  assert.is(name, 'PayloadTooLargeError');
});

test('an answer without reading the body (e.g. 401) keeps the connection usable', async () => {
  const s = await start(async () => ({
    status: 401,
    headers: { 'content-type': 'application/json' },
    body: '{"name":"AuthenticationRequired"}',
  }));
  for (let i = 0; i < 3; i++) {
    const r = await fetch(`${s.url}/x`, { method: 'POST', body: 'x'.repeat(500) });
    assert.is(r.status, 401);
    assert.is((await r.json()).name, 'AuthenticationRequired');
  }
});

test('a dispatch that throws is a 500 JSON error, never an unhandled rejection', async () => {
  const s = await start(async () => {
    throw new Error('boom');
  });
  const r = await fetch(`${s.url}/x`);
  assert.is(r.status, 500);
  const body = await r.json();
  assert.is(body.name, 'InternalError');
  assert.is(body.id, r.headers.get('x-request-id'));
});

test('stripPrefix applies before dispatch; HEAD gets no body', async () => {
  const urls: string[] = [];
  const s = await start(
    async (req) => {
      urls.push(req.url);
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'hello' };
    },
    { stripPrefix: '/admin' },
  );
  assert.is(await (await fetch(`${s.url}/admin/api/x?y=1`)).text(), 'hello');
  const head = await fetch(`${s.url}/admin/health`, { method: 'HEAD' });
  assert.is(head.status, 200);
  assert.is(await head.text(), '');
  assert.equal(urls, ['/api/x?y=1', '/health']);
});

test.run();
