// The bin's single sign-on routes in process, over a real socket, against a real issuer (no browser):
// the base path in every path and cookie, the callback's address from the request or OIDC_REDIRECT_URI,
// https behind a proxy (Secure cookies), a bad Host, the plain protocol left to core for other paths, one
// sign-in's token taken at the callback.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type RunningServer } from '@flagadmin/server';
import { memoryStorage } from '@flagadmin/storage-memory';
import { startTestIssuer, type TestIssuer } from '../../../test/helpers/oidc-issuer';

const test = suite('single sign-on routes');
const SECRET = 'routes-test-client-secret';
let issuer: TestIssuer;
let server: RunningServer;
let proxied: RunningServer;
const PUBLIC_CALLBACK = 'https://flags.example.com/flags/auth/oidc/callback';

test.before(async () => {
  issuer = await startTestIssuer(SECRET);
  const oidc = { issuer: issuer.url, clientId: issuer.clientId, clientSecret: SECRET, defaultRole: 'Viewer' as const };
  server = await startServer({ port: 0, storage: memoryStorage(), demo: false, basePath: '/flags', oidc });
  proxied = await startServer({ port: 0, storage: memoryStorage(), demo: false, oidc: { ...oidc, redirectUri: PUBLIC_CALLBACK } });
  issuer.serve(`${server.url}/auth/oidc/callback`);
});

test.after(async () => {
  await server?.close();
  await proxied?.close();
  await issuer?.close();
});

const login = (base: string, headers: Record<string, string> = {}) => fetch(`${base}/auth/oidc/login`, { redirect: 'manual', headers });

test('under a base path: the option names it, the callback and the sign-in cookie are under it', async () => {
  const providers = await fetch(`${server.url}/auth/providers`);
  assert.equal(await providers.json(), {
    options: [{ type: 'oidc', message: 'Sign in with single sign-on', path: '/flags/auth/oidc/login' }],
  });
  assert.is(providers.headers.get('cache-control'), 'no-store');
  const res = await login(server.url);
  assert.is(res.status, 302);
  const location = new URL(res.headers.get('location')!);
  assert.is(location.searchParams.get('redirect_uri'), `${server.url}/auth/oidc/callback`);
  assert.is(location.searchParams.get('client_id'), issuer.clientId);
  assert.match(res.headers.get('set-cookie')!, /; Path=\/flags\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/);
  assert.is(
    (await fetch(`${server.url.replace(/\/flags$/, '')}/auth/oidc/login`, { redirect: 'manual' })).status,
    404,
    'not outside the base path',
  );
});

test('behind a proxy saying https: the callback is https and the cookie Secure; a Host that is no host is a 400', async () => {
  const res = await login(server.url, { 'x-forwarded-proto': 'https' });
  assert.is(res.status, 302);
  assert.match(
    new URL(res.headers.get('location')!).searchParams.get('redirect_uri')!,
    /^https:\/\/127\.0\.0\.1:\d+\/flags\/auth\/oidc\/callback$/,
  );
  assert.match(res.headers.get('set-cookie')!, /; Secure$/);
  const { request } = await import('node:http');
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(`${server.url}/auth/oidc/login`, { headers: { host: 'evil.example/<x>' } }, (r) => {
      r.resume();
      resolve(r.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
  assert.is(status, 400);
});

test('OIDC_REDIRECT_URI: the callback as registered, whatever the request says; its https makes the cookie Secure', async () => {
  const res = await login(proxied.url);
  assert.is(res.status, 302);
  assert.is(new URL(res.headers.get('location')!).searchParams.get('redirect_uri'), PUBLIC_CALLBACK);
  assert.match(res.headers.get('set-cookie')!, /; Secure$/);
});

test('a single sign-on takes one sign-in, at the callback: going to the issuer takes none; past the limit the callback is a 429 with Retry-After', async () => {
  // Two sign-ins in a row, one more every 30 s: this test ends long before a token comes back.
  const oidc = { issuer: issuer.url, clientId: issuer.clientId, clientSecret: SECRET, defaultRole: 'Viewer' as const };
  const limited = await startServer({ port: 0, storage: memoryStorage(), demo: false, oidc, people: { signInPerMinute: 2 } });
  try {
    const callback = () => fetch(`${limited.url}/auth/oidc/callback?code=x&state=y`, { redirect: 'manual' });
    for (let i = 0; i < 2; i++) {
      assert.is((await login(limited.url)).status, 302, `sign-in ${i + 1} goes to the issuer`);
      assert.is((await callback()).status, 400, `sign-in ${i + 1}: its callback is heard (no browser record)`);
    }
    assert.is((await login(limited.url)).status, 302, 'going to the issuer takes no sign-in');
    const refused = await callback();
    assert.is(refused.status, 429);
    assert.match(refused.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
    assert.is(refused.headers.get('set-cookie'), null);
    const body = (await refused.json()) as { name: string; message: string };
    assert.equal([body.name, body.message], ['TooManyRequestsError', 'Too many sign-ins from your address: try again later.']);
  } finally {
    await limited.close();
  }
});

test('without single sign-on: no option offered, and its routes are core’s 404', async () => {
  const plain = await startServer({ port: 0, storage: memoryStorage(), demo: false });
  try {
    assert.equal(await (await fetch(`${plain.url}/auth/providers`)).json(), { options: [] });
    assert.is((await fetch(`${plain.url}/auth/oidc/login`, { redirect: 'manual' })).status, 404);
    assert.is((await fetch(`${plain.url}/auth/oidc/callback?code=x&state=y`, { method: 'POST' })).status, 404);
  } finally {
    await plain.close();
  }
});

test('other requests are core’s: the API, and 405 for a write to a sign-in route', async () => {
  assert.is((await fetch(`${server.url}/health`)).status, 200);
  assert.is((await fetch(`${server.url}/api/admin/projects`)).status, 401);
  const post = await fetch(`${server.url}/auth/oidc/callback`, { method: 'POST' });
  assert.is(post.status, 405);
  assert.is(post.headers.get('allow'), 'GET');
});

test.run();
