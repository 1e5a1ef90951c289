import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { CONTENT_SECURITY_POLICY, createUiHandler, withUi } from '../src/index';
import { CLIENT_ASSETS } from '../src/generated/assets';

const test = suite('ui handler');
const ORIGIN = 'http://flagadmin.test';
const get = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers });
const script = CLIENT_ASSETS.find((a) => a.role === 'script')!;

function assertSecurityHeaders(res: Response) {
  assert.is(res.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
  assert.is(res.headers.get('x-content-type-options'), 'nosniff');
  assert.is(res.headers.get('x-frame-options'), 'DENY');
}

test('the CSP allows scripts and styles from this origin only: no inline script, no eval, never framed', () => {
  for (const directive of [
    "script-src 'self'",
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "default-src 'self'",
  ]) {
    assert.ok(CONTENT_SECURITY_POLICY.split('; ').includes(directive), directive);
  }
  assert.not.match(CONTENT_SECURITY_POLICY, 'unsafe');
});

test('index.html: no-cache with an ETag, the CSP, only external scripts, the API base escaped', async () => {
  const ui = createUiHandler({ apiBase: '/x"><script>alert(1)</script>' });
  const res = ui(get('/'));
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.is(res.headers.get('cache-control'), 'no-cache');
  assertSecurityHeaders(res);
  const html = await res.text();
  assert.ok(html.includes(`<script type="module" src="assets/${script.name}"></script>`));
  assert.is(html.match(/<script/g)?.length, 1, 'one script element, with a src');
  assert.not.match(html, /<style|style=/, 'no inline style');
  assert.ok(html.includes('content="/x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"'), 'the API base is escaped');

  const etag = res.headers.get('etag')!;
  const again = ui(get('/', { 'if-none-match': etag }));
  assert.is(again.status, 304);
  assert.is(await again.text(), '');
});

test('assets: immutable, with their type, gzipped for clients that accept it', async () => {
  const ui = createUiHandler();
  for (const asset of CLIENT_ASSETS) {
    const plain = ui(get(`/assets/${asset.name}`));
    assert.is(plain.status, 200, asset.name);
    assert.is(plain.headers.get('content-type'), asset.type);
    assert.is(plain.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.is(plain.headers.get('content-encoding'), null);
    assertSecurityHeaders(plain);
    assert.is(await plain.text(), asset.body);

    const zipped = ui(get(`/assets/${asset.name}`, { 'accept-encoding': 'br, gzip' }));
    assert.is(zipped.headers.get('content-encoding'), 'gzip');
    assert.is(zipped.headers.get('vary'), 'accept-encoding');
    assert.is(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8'), asset.body);
  }
  const head = ui(new Request(`${ORIGIN}/assets/${script.name}`, { method: 'HEAD' }));
  assert.is(head.status, 200);
  assert.is(await head.text(), '');
});

test('all JavaScript stays within 60 KiB gzipped', () => {
  const gzipped = CLIENT_ASSETS.filter((a) => a.role === 'script').reduce((sum, a) => sum + Buffer.from(a.gzipBase64, 'base64').length, 0);
  assert.ok(gzipped <= 60 * 1024, `${gzipped} bytes`);
});

test('unknown assets are a JSON 404, writes a 405 naming GET and HEAD', async () => {
  const ui = createUiHandler();
  const missing = ui(get('/assets/app-NOPE.js'));
  assert.is(missing.status, 404);
  assert.is(((await missing.json()) as { name: string }).name, 'NotFoundError');
  const post = ui(new Request(`${ORIGIN}/`, { method: 'POST', body: 'api-key=secret' }));
  assert.is(post.status, 405);
  assert.is(post.headers.get('allow'), 'GET, HEAD');
  assert.not.match(await post.text(), 'secret');
});

test('under a base path: the bare path redirects to the slash, assets live below it, other paths are not its own', () => {
  const ui = createUiHandler({ basePath: '/admin/ui' });
  const bare = ui(get('/admin/ui?x=1'));
  assert.is(bare.status, 308);
  assert.is(bare.headers.get('location'), '/admin/ui/?x=1');
  assert.is(ui(get('/admin/ui/')).status, 200);
  assert.is(ui(get(`/admin/ui/assets/${script.name}`)).status, 200);
  assert.ok(ui.owns(get('/admin/ui')));
  assert.ok(ui.owns(get(`/admin/ui/assets/${script.name}`)));
  assert.not.ok(ui.owns(get('/')));
  assert.not.ok(ui.owns(get(`/assets/${script.name}`)));
  assert.not.ok(ui.owns(get('/admin/api/admin/projects')));
});

test('withUi: the page and its assets from the UI, everything else from the API handler unchanged', async () => {
  const storage = memoryStorage();
  const { handle } = createFlagadmin({ storage });
  const both = withUi(handle);
  const page = await both(get('/'));
  assert.is(page.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.is((await both(get(`/assets/${script.name}`))).status, 200);
  const api = await both(get('/api/admin/projects'));
  assert.is(api.status, 401);
  assert.is(((await api.json()) as { name: string }).name, 'AuthenticationRequired');
  assert.is((await both(get('/health'))).status, 200);
  await storage.close();
});

const plainGet = (url: string, headers: Record<string, string> = {}) => ({
  method: 'GET',
  url,
  headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
  body: async () => new Uint8Array(0),
});

test('withUi keeps the plain protocol: API requests reach dispatch without a Request, the page answers on it too', async () => {
  const storage = memoryStorage();
  const { handle } = createFlagadmin({ storage });
  let fetchCalls = 0;
  const counted = Object.assign((request: Request) => ((fetchCalls += 1), handle(request)), { dispatch: handle.dispatch });
  const both = withUi(counted);
  assert.type(both.dispatch, 'function');
  const api = await both.dispatch!(plainGet('/api/admin/projects'));
  assert.is(api.status, 401);
  assert.is((JSON.parse(api.body as string) as { name: string }).name, 'AuthenticationRequired');
  assert.is(fetchCalls, 0);
  const page = await both.dispatch!(plainGet('/'));
  assert.is(page.status, 200);
  assert.is(page.headers['content-type'], 'text/html; charset=utf-8');
  assert.is(page.headers['content-security-policy'], CONTENT_SECURITY_POLICY);
  assert.ok((page.body as string).includes(script.name));
  const again = await both.dispatch!(plainGet('/', { 'if-none-match': page.headers['etag']! }));
  assert.is(again.status, 304);
  assert.is(again.body, null);
  const asset = await both.dispatch!(plainGet(`/assets/${script.name}`));
  assert.is(asset.body, script.body);
  await storage.close();
});

test('withUi on the plain path reads the path as URL parsing does: dot segments resolved, the query ignored', async () => {
  const storage = memoryStorage();
  const { handle } = createFlagadmin({ storage });
  const both = withUi(handle);
  assert.is((await both.dispatch!(plainGet(`/api/../assets/${script.name}`))).body, script.body);
  const api = await both.dispatch!(plainGet(`/api/admin/projects?next=/assets/${script.name}`));
  assert.is(api.status, 401);
  await storage.close();
});

test('withUi over a handler without dispatch offers none', () => {
  const both = withUi(async () => new Response('x'));
  assert.is(both.dispatch, undefined);
});

test.run();
