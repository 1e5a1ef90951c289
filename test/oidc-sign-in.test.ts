// Single sign-on through a real OpenID Connect issuer (oidc-provider on 127.0.0.1): the spawned bin with
// --oidc-*, signed in through in Debian's chromium. The session works and the page keeps no secret; an
// issuer that is down is a 503; a tampered state, a replayed callback or a callback from another browser
// is a 400 and a tampered ID token a 401, with nobody created and no event written; the client secret
// is in no answer and no log line; single sign-on counts in its address's sign-ins (429 past the limit).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchChromium, openTab, seriousViolations, type RunningBrowser } from '../packages/ui/test/browser';
import { randomSecret, removeDir, startBin, tempDir, type Child } from './helpers/bin';
import { startTestIssuer, type TestIssuer } from './helpers/oidc-issuer';

// playwright-core is the page package's dependency: its types are reached through the page's helpers.
type Browser = RunningBrowser['browser'];
type Page = Awaited<ReturnType<typeof openTab>>['page'];
type BrowserContext = ReturnType<Page['context']>;

const test = suite('single sign-on through an OpenID Connect issuer');
const ADMIN_KEY = randomSecret();
const CLIENT_SECRET = `client-secret-${randomSecret().slice(4, 36)}`;
let issuer: TestIssuer;
let bin: { child: Child; url: string };
let dataDir: string;
let chromium: RunningBrowser;
let browser: Browser;
const contexts: BrowserContext[] = [];

test.before(async () => {
  try {
    issuer = await startTestIssuer(CLIENT_SECRET);
    dataDir = tempDir();
    bin = await startBin(
      ['--port', '0', '--data', dataDir, '--no-demo', '--oidc-issuer', issuer.url, '--oidc-client-id', issuer.clientId],
      // Sign-ins per address (single sign-on takes from the same bucket): room for this file's own, then refused (the last test).
      { INIT_ADMIN_API_TOKENS: ADMIN_KEY, OIDC_CLIENT_SECRET: CLIENT_SECRET, LOG_LEVEL: 'debug', SIMPLE_LOGIN_LIMIT_PER_MINUTE: '40' },
    );
    chromium = await launchChromium();
    browser = chromium.browser;
  } catch (error) {
    console.error('could not start the issuer, the bin and the browser:', error);
    throw error;
  }
});

test.after.each(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

test.after(async () => {
  await chromium?.close();
  await bin?.child.stop();
  await issuer?.close();
  if (dataDir) removeDir(dataDir);
});

async function admin<T>(path: string): Promise<T> {
  const res = await fetch(`${bin.url}${path}`, { headers: { authorization: ADMIN_KEY } });
  assert.is(res.status, 200, `GET ${path}`);
  return (await res.json()) as T;
}

/** How many people and events there are: what a refused sign-in must leave as it was. */
const counts = async () => ({
  users: (await admin<{ users: unknown[] }>('/api/admin/user-admin')).users.length,
  events: (await admin<{ totalEvents: number }>('/api/admin/events')).totalEvents,
});

async function tab(): Promise<{ page: Page; errors: string[] }> {
  const { page, watch } = await openTab(browser);
  contexts.push(page.context());
  // The issuer's development pages import a web font: answered empty, the browser stays offline.
  await page.context().route(/fonts\.googleapis\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
  return { page, errors: watch.errors };
}

/**
 * From the page's button through the issuer's sign-in and consent pages, as `login`; `remembered`: the
 * browser's session at the issuer and its consent are still there, and the issuer sends it straight back.
 */
async function signInAtIssuer(page: Page, login: string, remembered = false): Promise<void> {
  await page.goto(`${bin.url}/`);
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
  if (remembered) return;
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Signs in at the issuer but holds the browser's way back: the callback URL and the browser's cookies for it. */
async function heldCallback(login: string): Promise<{ url: string; cookie: string }> {
  const { page } = await tab();
  const held = issuer.holdNextCallback();
  await signInAtIssuer(page, login);
  const url = await held;
  await page.getByText('held').waitFor();
  const cookies = await page.context().cookies(url);
  return { url, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

const callback = (url: string, cookie: string) => fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

async function errorOf(res: Response): Promise<{ name: string; message: string }> {
  assert.match(res.headers.get('content-type') ?? '', 'application/json');
  return (await res.json()) as { name: string; message: string };
}

test('an issuer that is down: 503 naming it, then nothing created; the page is offered single sign-on', async () => {
  const before = await counts();
  const res = await fetch(`${bin.url}/auth/oidc/login`, { redirect: 'manual' });
  assert.is(res.status, 503);
  const body = await errorOf(res);
  assert.is(body.name, 'ServiceUnavailableError');
  assert.match(body.message, issuer.url);
  assert.is(res.headers.get('set-cookie'), null, 'no sign-in started');
  const noRecord = await callback(`${bin.url}/auth/oidc/callback?code=x&state=y`, '');
  assert.is(noRecord.status, 400, 'a callback without the browser record');
  assert.is((await errorOf(noRecord)).name, 'BadDataError');
  assert.equal(await counts(), before);
  const providers = await fetch(`${bin.url}/auth/providers`);
  assert.equal(await providers.json(), {
    options: [{ type: 'oidc', message: 'Sign in with single sign-on', path: '/auth/oidc/login' }],
  });
  assert.is((await fetch(`${bin.url}/auth/oidc/login`, { method: 'POST' })).status, 405);
  issuer.serve(`${bin.url}/auth/oidc/callback`);
});

test('sign in through the issuer in chromium: a session cookie, no secret in storage, the person made a Viewer', async () => {
  const { page } = await tab();
  await page.goto(`${bin.url}/`);
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).waitFor();
  const violations = await seriousViolations(page);
  assert.equal(
    violations.map((v) => v.id),
    [],
    'axe on the sign-in screen with single sign-on',
  );
  await signInAtIssuer(page, 'ada');
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  assert.is(new URL(page.url()).origin, bin.url, 'back on the page');

  const cookies = await page.context().cookies(bin.url);
  const session = cookies.find((c) => c.name === 'flagadmin-session');
  assert.ok(session, 'the session cookie is set');
  assert.equal([session!.httpOnly, session!.sameSite, session!.path], [true, 'Lax', '/']);
  const storage = await page.evaluate(() => ({
    local: Object.keys(localStorage).length,
    session: Object.keys(sessionStorage).length,
    cookie: document.cookie,
  }));
  assert.equal(storage, { local: 0, session: 0, cookie: '' }, 'no secret in storage, and the session cookie is out of reach of scripts');

  const me = await page.evaluate(async () => {
    const res = await fetch('/api/admin/user', { credentials: 'same-origin' });
    return { status: res.status, body: (await res.json()) as { user: { email: string; name: string }; role: string } };
  });
  assert.equal([me.status, me.body.user.email, me.body.user.name, me.body.role], [200, 'ada@example.com', 'Person ada', 'viewer']);
  const { users } = await admin<{ users: { email?: string; rootRole: number }[] }>('/api/admin/user-admin');
  assert.is(users.find((u) => u.email === 'ada@example.com')?.rootRole, 3, 'created with OIDC_DEFAULT_ROLE (Viewer)');

  // The role is enforced: a viewer's write is refused, from the page's own origin too.
  const write = await page.evaluate(async () => {
    const res = await fetch('/api/admin/projects', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'by-ada', name: 'by ada' }),
    });
    return res.status;
  });
  assert.is(write, 403);

  // A second sign-in finds the same person.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  const after = await page.context().cookies(bin.url);
  assert.not.ok(
    after.some((c) => c.name === 'flagadmin-session' && c.value),
    'signed out: the cookie is gone',
  );
  await signInAtIssuer(page, 'ada', true);
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  const again = await admin<{ users: { email?: string }[] }>('/api/admin/user-admin');
  assert.is(again.users.filter((u) => u.email === 'ada@example.com').length, 1, 'one person, found again');
});

test('a tampered state, a callback from another browser, a replayed callback: 400 and nothing created', async () => {
  const held = await heldCallback('grace');
  const before = await counts();
  const url = new URL(held.url);
  const state = url.searchParams.get('state')!;
  url.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
  const forged = await callback(url.href, held.cookie);
  assert.is(forged.status, 400);
  assert.match((await errorOf(forged)).message, 'state');
  const elsewhere = await callback(held.url, '');
  assert.is(elsewhere.status, 400, 'without the cookie of the browser that started it');
  const garbled = await callback(held.url, held.cookie.replace(/flagadmin-oidc=[^;]{4}/, 'flagadmin-oidc=AAAA'));
  assert.is(garbled.status, 400, 'with a forged record');
  assert.equal(await counts(), before, 'nothing created');

  const genuine = await callback(held.url, held.cookie);
  assert.is(genuine.status, 302);
  assert.is(genuine.headers.get('location'), '/');
  assert.match(genuine.headers.get('set-cookie') ?? '', /^flagadmin-session=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  const created = await counts();
  assert.is(created.users, before.users + 1, 'grace is created by the genuine callback');

  const replayed = await callback(held.url, held.cookie);
  assert.is(replayed.status, 400);
  assert.match((await errorOf(replayed)).message, 'used already');
  assert.equal(await counts(), created, 'the replay changed nothing');
});

test('a tampered ID token: 401 and nothing created; an issuer gone at the callback: 503', async () => {
  const before = await counts();
  const { page } = await tab();
  issuer.tamperNextIdToken();
  const answer = page.waitForResponse((res) => res.url().startsWith(`${bin.url}/auth/oidc/callback`));
  await signInAtIssuer(page, 'mallory');
  const res = await answer;
  assert.is(res.status(), 401);
  const body = (await res.json()) as { name: string; message: string };
  assert.equal(
    [body.name, body.message],
    ['AuthenticationRequired', 'The single sign-on answer did not pass the checks (ID token, nonce or code): sign in again.'],
  );
  assert.equal(await counts(), before, 'nobody created');
  assert.not.ok(
    (await page.context().cookies(bin.url)).some((c) => c.name === 'flagadmin-session'),
    'no session',
  );

  const held = await heldCallback('oscar');
  issuer.down(true);
  try {
    const gone = await callback(held.url, held.cookie);
    assert.is(gone.status, 503);
    assert.is((await errorOf(gone)).name, 'ServiceUnavailableError');
  } finally {
    issuer.down(false);
  }
  assert.equal(await counts(), before, 'nobody created');
});

test('an issuer that tells no email: the person is known by preferred_username, else by sso:<subject>', async () => {
  const before = await counts();
  for (const login of ['handle-lin', 'nomail-kim']) {
    const held = await heldCallback(login);
    const res = await callback(held.url, held.cookie);
    assert.is(res.status, 302, `${login} signs in`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const me = await fetch(`${bin.url}/api/admin/user`, { headers: { cookie } });
    assert.is(me.status, 200);
  }
  const { users } = await admin<{ users: { username?: string | null; email?: string; name?: string; rootRole: number }[] }>(
    '/api/admin/user-admin',
  );
  const made = users.filter((u) => u.name === 'Person handle-lin' || u.name === 'Person nomail-kim');
  assert.equal(
    made.map((u) => [u.username, u.email, u.rootRole]),
    [
      ['lin', undefined, 3],
      ['sso:nomail-kim', undefined, 3],
    ],
  );
  assert.is((await counts()).users, before.users + 2);
  // Signing in again finds the same people; no local name may take the sso: names.
  const again = await heldCallback('nomail-kim');
  assert.is((await callback(again.url, again.cookie)).status, 302);
  assert.is((await counts()).users, before.users + 2, 'found again by issuer and subject');
  const local = await fetch(`${bin.url}/api/admin/user-admin`, {
    method: 'POST',
    headers: { authorization: ADMIN_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'SSO:someone', rootRole: 3 }),
  });
  assert.is(local.status, 400);
  assert.match((await errorOf(local)).message, 'single sign-on');
});

test('a 401 to the page lists single sign-on beside the password form, as Unleash answers', async () => {
  const res = await fetch(`${bin.url}/api/admin/projects`);
  assert.is(res.status, 401);
  const body = (await errorOf(res)) as unknown as Record<string, unknown>;
  assert.equal(
    [body['name'], body['type'], body['path'], body['defaultHidden'], body['options']],
    [
      'AuthenticationRequired',
      'password',
      '/auth/simple/login',
      false,
      [{ type: 'oidc', message: 'Sign in with single sign-on', path: '/auth/oidc/login' }],
    ],
  );
});

test('the client secret is in no answer and no log line', async () => {
  const login = await fetch(`${bin.url}/auth/oidc/login`, { redirect: 'manual' });
  assert.is(login.status, 302);
  const location = login.headers.get('location') ?? '';
  assert.ok(location.startsWith(`${issuer.url}/`), location);
  for (const part of ['code_challenge=', 'code_challenge_method=S256', 'state=', 'nonce=', 'response_type=code']) {
    assert.ok(location.includes(part), part);
  }
  assert.not.ok(location.includes(CLIENT_SECRET));
  assert.match(
    login.headers.get('set-cookie') ?? '',
    /^flagadmin-oidc=[\w-]+\.[\w-]+\.[\w-]+; Path=\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/,
  );
  assert.not.ok(bin.child.stdout.includes(CLIENT_SECRET), 'not in stdout');
  assert.not.ok(bin.child.stderr.includes(CLIENT_SECRET), 'not in stderr');
  assert.match(bin.child.stdout, 'signed in with single sign-on', 'the log has the sign-ins');
});

test('single sign-on takes from the sign-ins of its address at the callback: past the limit a JSON 429 with Retry-After, nothing started', async () => {
  let refused: Response | undefined;
  for (let i = 0; i < 100 && !refused; i++) {
    // A callback without the browser's record: refused (400), but it took its sign-in first.
    const res = await callback(`${bin.url}/auth/oidc/callback?code=x&state=y`, '');
    if (res.status === 429) refused = res;
    else assert.is(res.status, 400);
  }
  assert.ok(refused, 'refused within 100 sign-ins');
  assert.match(refused!.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
  assert.is(refused!.headers.get('set-cookie'), null, 'no sign-in started');
  const body = await errorOf(refused!);
  assert.equal([body.name, body.message], ['TooManyRequestsError', 'Too many sign-ins from your address: try again later.']);
  const password = await fetch(`${bin.url}/auth/simple/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'nobody', password: 'Wrong-pass-123' }),
  });
  assert.is(password.status, 429, 'the same bucket as password sign-ins');
  const start = await fetch(`${bin.url}/auth/oidc/login`, { redirect: 'manual' });
  assert.is(start.status, 302, 'going to the issuer takes nothing: one sign-in, one token (at the callback)');
});

test.run();
