// People across three bins on one PostgreSQL database: the first admin from UNLEASH_DEFAULT_ADMIN_USERNAME /
// _PASSWORD made once; a session opened at one process works at the others and survives a restart; a personal
// access token made at one works at the others; a person deleted at one is refused at once by all, their
// session and token alike. No password or hash in any process's log output.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { killAll, removeDir, startBin, tempDir, type Child } from './helpers/bin';
import { startPostgres, type TestPostgres } from './helpers/postgres';

const test = suite('people across three processes on PostgreSQL');
const ADMIN_PASSWORD = 'First-admin-2026!';
const ED_PASSWORD = 'Editor-pass-2026!';
const ENV = { UNLEASH_DEFAULT_ADMIN_USERNAME: 'boss', UNLEASH_DEFAULT_ADMIN_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: 'info' };

let server: TestPostgres;
let bins: { child: Child; url: string }[] = [];
const logs: string[] = [];

const start = () => startBin(['--port', '0', '--database-url', server.url, '--no-demo'], ENV);

test.before(async () => {
  server = await startPostgres();
  bins = await Promise.all([0, 1, 2].map(start));
});

test.after(async () => {
  await killAll();
  await server?.stop();
});

async function call(base: string, method: string, path: string, auth: { cookie?: string; token?: string }, body?: unknown) {
  const headers: Record<string, string> = {};
  if (auth.cookie) headers['cookie'] = auth.cookie;
  if (auth.cookie && method !== 'GET') headers['origin'] = new URL(base).origin;
  if (auth.token) headers['authorization'] = auth.token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/simple/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  assert.is(res.status, 200, await res.clone().text());
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

test('the first admin is made once, from the environment; there is no other way in without a key', async () => {
  const boss = await signIn(bins[0]!.url, 'boss', ADMIN_PASSWORD);
  const users = await call(bins[1]!.url, 'GET', '/api/admin/user-admin', { cookie: boss });
  assert.is(users.status, 200);
  assert.equal(
    users.json.users.map((u: { username: string; rootRole: number }) => [u.username, u.rootRole]),
    [['boss', 1]],
  );
  const wrong = await fetch(`${bins[2]!.url}/auth/simple/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'unleash4all' }),
  });
  assert.is(wrong.status, 401, "Unleash's default password is no way in");
});

test('sessions and tokens work on every process; a person deleted at one is refused by all at once', async () => {
  const [a, b, c] = bins.map((bin) => bin.url) as [string, string, string];
  const boss = await signIn(a, 'boss', ADMIN_PASSWORD);
  const made = await call(
    b,
    'POST',
    '/api/admin/user-admin',
    { cookie: boss },
    { username: 'ed', rootRole: 'Editor', password: ED_PASSWORD },
  );
  assert.is(made.status, 201, JSON.stringify(made.json));
  const ed = await signIn(c, 'ed', ED_PASSWORD);
  for (const base of [a, b, c]) assert.is((await call(base, 'GET', '/api/admin/user', { cookie: ed })).json.user.username, 'ed');
  const pat = await call(a, 'POST', '/api/admin/user/tokens', { cookie: ed }, { description: 'ci' });
  assert.is(pat.status, 201);
  for (const base of [a, b, c]) {
    const feature = await call(
      base,
      'POST',
      '/api/admin/projects/default/features',
      { token: pat.json.secret },
      { name: `from-${new URL(base).port}` },
    );
    assert.is(feature.status, 201, JSON.stringify(feature.json));
  }
  const gone = await call(b, 'DELETE', `/api/admin/user-admin/${made.json.id}`, { cookie: boss });
  assert.is(gone.status, 200);
  for (const base of [a, b, c]) {
    assert.is((await call(base, 'GET', '/api/admin/user', { cookie: ed })).status, 401, `session refused at ${base}`);
    assert.is((await call(base, 'GET', '/api/admin/projects', { token: pat.json.secret })).status, 401, `token refused at ${base}`);
  }
});

test('a session survives a restart of the process that opened it', async () => {
  const boss = await signIn(bins[0]!.url, 'boss', ADMIN_PASSWORD);
  const stopped = bins[0]!;
  logs.push(stopped.child.stdout + stopped.child.stderr);
  await stopped.child.stop();
  bins[0] = await start();
  const me = await call(bins[0]!.url, 'GET', '/api/admin/user', { cookie: boss });
  assert.is(me.status, 200);
  assert.is(me.json.user.username, 'boss');
  // The first admin is not made again (nor their password reset) by the restart.
  const users = await call(bins[0]!.url, 'GET', '/api/admin/user-admin', { cookie: boss });
  assert.is(users.json.users.length, 1);
});

test("the demo start makes a person to sign in to the page with, printed once beside the demo's key", async () => {
  const dir = tempDir();
  try {
    const demo = await startBin(['--port', '0', '--data', dir]);
    const [, username, password] = await demo.child.waitFor(/Sign in to the page[^\n]*\n\s*username (\S+) {2}password (\S+)\n/);
    const cookie = await signIn(demo.url, username!, password!);
    const me = await call(demo.url, 'GET', '/api/admin/user', { cookie });
    assert.equal([me.json.user.username, me.json.role], ['demo-admin', 'admin']);
    await demo.child.stop();
  } finally {
    removeDir(dir);
  }
});

test('no password or hash in any log output', async () => {
  const all = [...logs, ...bins.map((bin) => bin.child.stdout + bin.child.stderr)].join('\n');
  assert.ok(all.includes('created the first admin'), 'the first admin is logged (its name only)');
  for (const secret of [ADMIN_PASSWORD, ED_PASSWORD, 'scrypt$']) assert.not.ok(all.includes(secret), `${secret.slice(0, 6)}… not logged`);
});

test.run();
