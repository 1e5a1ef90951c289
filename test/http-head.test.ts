// HEAD on every GET route, in process and over a socket: the GET answer's status and headers
// (Content-Length included), and no body.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ALL_ROUTES, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { serve } from '@flagadmin/node-http';
import { httpWorld, TRANSPORTS, type HttpWorld, type Transport } from './helpers/http-world';

/** node-http through the WHATWG Request/Response path (a handler without `dispatch`, as the bin's UI wrapper is). */
const OVER_SOCKET_FETCH_ONLY: Transport = {
  name: 'node-http on 127.0.0.1, Request/Response path',
  async mount(handle) {
    const server = await serve({ fetch: (request) => handle(request), port: 0, hostname: '127.0.0.1' });
    return { send: (path, init) => fetch(`${server.url}${path}`, init), close: () => server.close() };
  },
};

/**
 * The plain path with compression on, asking for no encoding: answers of 1 KiB and more vary with
 * Accept-Encoding, and HEAD must say so as GET does.
 */
const OVER_SOCKET_COMPRESSING: Transport = {
  name: 'node-http on 127.0.0.1, compression on, Accept-Encoding: identity',
  async mount(handle) {
    const server = await serve({ fetch: handle, port: 0, hostname: '127.0.0.1', compression: true });
    return {
      send: (path, init = {}) =>
        fetch(`${server.url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'accept-encoding': 'identity' } }),
      close: () => server.close(),
    };
  },
};

/** A value for each path parameter that names something the world has (others stay a 404 and must still agree). */
const PARAMS: Record<string, string> = { projectId: 'default', featureName: 'f1', environment: 'development' };
/** Headers that differ between any two answers. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive']);

// A stream (server-sent events) never ends, so it has no length to compare: its HEAD is in client-streams-bounds.test.ts.
const getPaths = ALL_ROUTES.filter((route) => route.method === 'GET' && route.path !== '/api/client/streaming').map((route) =>
  route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => PARAMS[name] ?? 'unknown'),
);

const stable = (headers: Headers): Record<string, string> => Object.fromEntries([...headers].filter(([name]) => !PER_ANSWER.has(name)));

function headSuite(transport: Transport): void {
  const test = suite(`HEAD (${transport.name})`);
  let w: HttpWorld;
  test.before(async () => {
    w = await httpWorld(transport);
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'f1' } });
  });
  test.after(() => w.close());

  test('every GET route answers HEAD with the GET headers and no body', async () => {
    assert.ok(getPaths.length >= 10, 'the table has GET routes');
    let varying = 0;
    for (const path of getPaths) {
      const authorization = path.startsWith('/api/client') ? w.clientKey : w.adminKey;
      const get = await w.send(path, { headers: { authorization } });
      const getBody = new Uint8Array(await get.arrayBuffer());
      const head = await w.send(path, { method: 'HEAD', headers: { authorization } });
      assert.is(head.status, get.status, `HEAD ${path} status`);
      assert.equal(stable(head.headers), { ...stable(get.headers), 'content-length': String(getBody.byteLength) }, `HEAD ${path} headers`);
      assert.is((await head.arrayBuffer()).byteLength, 0, `HEAD ${path} has no body`);
      assert.ok(head.headers.get('x-request-id'), `HEAD ${path} has a request id`);
      if (get.headers.get('vary')) varying++;
    }
    if (transport === OVER_SOCKET_COMPRESSING) assert.ok(varying > 0, 'some answers vary with Accept-Encoding');
  });

  test('HEAD needs the same key as GET, and a conditional HEAD is a 304', async () => {
    const denied = await w.send('/api/admin/projects', { method: 'HEAD' });
    assert.is(denied.status, 401);
    assert.is((await denied.arrayBuffer()).byteLength, 0);
    const features = await w.send('/api/client/features', { method: 'HEAD', headers: { authorization: w.clientKey } });
    const etag = features.headers.get('etag');
    assert.ok(etag);
    const cached = await w.send('/api/client/features', {
      method: 'HEAD',
      headers: { authorization: w.clientKey, 'if-none-match': etag! },
    });
    assert.is(cached.status, 304);
  });

  test('405 lists HEAD beside GET', async () => {
    const r = await w.send('/api/admin/projects', { method: 'DELETE', headers: { authorization: w.adminKey } });
    assert.is(r.status, 405);
    assert.is(r.headers.get('allow'), 'GET, HEAD, POST');
    const post = await w.send('/api/client/register', { method: 'GET', headers: { authorization: w.clientKey } });
    assert.is(post.headers.get('allow'), 'POST', 'no HEAD where there is no GET');
  });

  test.run();
}

for (const transport of [...TRANSPORTS, OVER_SOCKET_FETCH_ONLY, OVER_SOCKET_COMPRESSING]) headSuite(transport);
