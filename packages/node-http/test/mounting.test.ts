// Mounted under Connect/Express (originalUrl, pre-parsed bodies) and stripPrefix.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toNodeListener } from '../src/index.js';
import { closeServers, listen, start, echo, type Echo, assertJsonError, createHttpServerWith } from './helpers.js';

const test = suite('node-http: mounting');
test.after(closeServers);

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

  const asBuffer = (await (
    await fetch(url, { method: 'POST', body: new Uint8Array([1, 2, 250]), headers: { 'x-kind': 'buffer' } })
  ).json()) as Echo;
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
  const got = (await (
    await fetch(url, { method: 'POST', body: 'the real body', headers: { 'content-type': 'text/plain' } })
  ).json()) as Echo;
  assert.is(Buffer.from(got.body, 'base64').toString(), 'the real body');
  const none = (await (await fetch(url, { method: 'POST' })).json()) as Echo;
  assert.is(none.length, 0);
});

test.run();
