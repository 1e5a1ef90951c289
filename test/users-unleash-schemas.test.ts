// People against the real Unleash 8.2.0 (test/helpers/unleash.ts): the same requests go to flagadmin and to
// Unleash for every user-admin, sign-in and personal access token operation, and every answer must match the
// schema Unleash's OpenAPI document, read at run time, gives for that operation and status. Unleash's own
// answers are checked too, so the check is shown to accept real answers. GET /api/admin/user of a signed-in
// person is Unleash's meSchema plus flagadmin's role and scope (`role`, `projects`, `environments`, which a
// key's answer has too): held against meSchema without those three.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ALL_ROUTES } from '@flagadmin/core';
import { assertAllMatch, assertSameStatuses, besideUnleash, type Answer, type BesideUnleash } from './helpers/unleash-answers';
import { peopleWorld, type PeopleWorld } from './helpers/people-world';
import { MEMORY } from './helpers/test-storages';

const PEOPLE_OPERATIONS =
  /^(getUsers|createUser|getUser|updateUser|deleteUser|changeUserPassword|changeMyPassword|validateUserPassword|searchUsers|login|getPats|createPat|deletePat|getProfile|getAdminCount|getBaseUsersAndGroups|resetUserPassword|validateToken|changePassword)$/;

type Send = (path: string, init?: RequestInit) => Promise<Response>;

/** One request per operation, in an order that creates what the next ones need; the answers by operationId. */
async function exercise(send: Send, key: string, origin: string): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  let cookie = '';
  const call = async (operationId: string, method: string, path: string, body?: unknown, as: 'key' | 'person' = 'key') => {
    const headers: Record<string, string> = as === 'key' ? { authorization: key } : { cookie, origin };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await send(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    const parsed = text === '' ? undefined : JSON.parse(text);
    answers.set(operationId, { operationId, status: response.status, body: parsed, text });
    if (response.status >= 300) throw new Error(`${operationId} ${path} answered ${response.status}: ${text}`);
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return parsed;
  };
  const USERS = '/api/admin/user-admin';
  await call('validateUserPassword', 'POST', `${USERS}/validate-password`, { password: 'Strong-pass-2026!' });
  const user = await call('createUser', 'POST', USERS, {
    username: 'schema-user',
    email: 'schema@example.com',
    name: 'Schema',
    rootRole: 2,
    password: 'Strong-pass-2026!',
    sendEmail: false,
  });
  await call('getUsers', 'GET', USERS);
  await call('getUser', 'GET', `${USERS}/${user.id}`);
  await call('updateUser', 'PUT', `${USERS}/${user.id}`, { name: 'Schema B', rootRole: 2 });
  await call('searchUsers', 'GET', `${USERS}/search?q=schema`);
  await call('changeUserPassword', 'POST', `${USERS}/${user.id}/change-password`, { password: 'Other-pass-2026!' });
  await call('login', 'POST', '/auth/simple/login', { username: 'schema-user', password: 'Other-pass-2026!' }, 'person');
  await call('getMe', 'GET', '/api/admin/user', undefined, 'person');
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  const pat = await call('createPat', 'POST', '/api/admin/user/tokens', { description: 'schema', expiresAt }, 'person');
  await call('getPats', 'GET', '/api/admin/user/tokens', undefined, 'person');
  await call('deletePat', 'DELETE', `/api/admin/user/tokens/${pat.id}`, undefined, 'person');
  const change = { password: 'Third-pass-2026!', confirmPassword: 'Third-pass-2026!', oldPassword: 'Other-pass-2026!' };
  await call('getProfile', 'GET', '/api/admin/user/profile', undefined, 'person');
  await call('changeMyPassword', 'POST', '/api/admin/user/change-password', change, 'person');
  await call('getAdminCount', 'GET', `${USERS}/admin-count`);
  await call('getBaseUsersAndGroups', 'GET', `${USERS}/access`);
  await call('getUserPermissions', 'GET', `${USERS}/${user.id}/permissions?project=default&environment=production`);
  const { resetPasswordUrl } = await call('resetUserPassword', 'POST', `${USERS}/reset-password`, { id: 'schema@example.com' });
  // Unleash's link has the token in the query, flagadmin's in the page's fragment.
  const url = new URL(resetPasswordUrl);
  const token = (url.searchParams.get('token') ?? new URLSearchParams(url.hash.split('?')[1]).get('token'))!;
  await call('validateToken', 'GET', `/auth/reset/validate?token=${encodeURIComponent(token)}`, undefined, 'person');
  await call('changePassword', 'POST', '/auth/reset/password', { token, password: 'Fourth-pass-2026!' }, 'person');
  await call('deleteUser', 'DELETE', `${USERS}/${user.id}`);
  return answers;
}

const test = suite('people against Unleash 8.2.0 OpenAPI schemas');
const state: { env?: BesideUnleash; world?: PeopleWorld; flagadmin: Map<string, Answer>; real: Map<string, Answer> } = {
  flagadmin: new Map(),
  real: new Map(),
};

async function tearDown() {
  const { env, world } = state;
  state.env = undefined;
  state.world = undefined;
  await world?.close();
  await env?.close();
}

test.before(async () => {
  try {
    state.env = await besideUnleash();
    state.world = await peopleWorld({ storageKind: MEMORY, overSocket: true });
    const { unleash } = state.env;
    state.flagadmin = await exercise(state.world.send, state.world.adminKey, state.world.origin);
    state.real = await exercise((path, init) => fetch(`${unleash.url}${path}`, init), unleash.adminKey, unleash.url);
  } catch (error) {
    console.error(error); // uvu reports a failing hook as nothing but 0 passed
    await tearDown();
    throw error;
  }
});

test.after(tearDown);

test('the people routes are Unleash operations, at the same method and path, and every one got a request', () => {
  const ours = ALL_ROUTES.filter((r) => PEOPLE_OPERATIONS.test(r.operationId));
  assert.is(ours.length, 19);
  for (const route of ours) {
    const op = state.env!.schemas.operation(route.operationId);
    assert.ok(op, `${route.operationId} is in Unleash's document`);
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    assert.is(`${route.method} ${path}`, `${op!.method} ${op!.path}`, route.operationId);
    assert.ok(state.flagadmin.has(route.operationId), `${route.operationId} got a request`);
  }
});

/** getUserPermissions is an alpha route of Unleash: answered, but not in its published document (compared by shape below). */
const DOCUMENTED = (answers: Map<string, Answer>) => new Map([...answers].filter(([id]) => id !== 'getUserPermissions'));

const withoutScope = (answers: Map<string, Answer>) => {
  const me = answers.get('getMe')!;
  const { role: _r, projects: _p, environments: _e, ...body } = me.body as Record<string, unknown>;
  return new Map([...DOCUMENTED(answers), ['getMe', { ...me, body }]]);
};

test("flagadmin's answers match Unleash's schemas", () => {
  assertAllMatch(state.env!.schemas, withoutScope(state.flagadmin), '');
  assert.equal(Object.keys(state.flagadmin.get('getMe')!.body as object).sort(), [
    'environments',
    'feedback',
    'permissions',
    'projects',
    'role',
    'splash',
    'user',
  ]);
});

test("Unleash's own answers to the same requests match its schemas, with flagadmin's statuses", () => {
  assertAllMatch(state.env!.schemas, DOCUMENTED(state.real), 'Unleash ');
  assertSameStatuses(state.flagadmin, state.real);
});

test("a person's permissions have the shape of Unleash's (alpha) answer: the same keys, each permission's keys among Unleash's", () => {
  type Overview = { overview: Record<string, Record<string, unknown>[]>; user: Record<string, unknown>; rootRole: Record<string, unknown> };
  const [ours, theirs] = [state.flagadmin, state.real].map((a) => a.get('getUserPermissions')!.body as Overview) as [Overview, Overview];
  assert.equal(Object.keys(ours).sort(), Object.keys(theirs).sort());
  assert.equal(Object.keys(ours.overview).sort(), Object.keys(theirs.overview).sort());
  const theirKeys = new Set(['root', 'project', 'environment'].flatMap((k) => theirs.overview[k]!.flatMap((p) => Object.keys(p))));
  for (const kind of ['root', 'project', 'environment']) {
    assert.ok(ours.overview[kind]!.length > 0, `flagadmin lists ${kind} permissions`);
    for (const p of ours.overview[kind]!) for (const key of Object.keys(p)) assert.ok(theirKeys.has(key), `${kind} permission key ${key}`);
  }
  const theirNames = new Set(['root', 'project', 'environment'].flatMap((k) => theirs.overview[k]!.map((p) => `${k} ${p['name']}`)));
  for (const kind of ['root', 'project', 'environment'])
    for (const p of ours.overview[kind]!) assert.ok(theirNames.has(`${kind} ${p['name']}`), `Unleash has ${kind} permission ${p['name']}`);
});

test("a page's 401 (no credentials) matches Unleash's 401 schema and carries Unleash's sign-in fields", async () => {
  const { env, world } = state;
  const ours = await world!.send('/api/admin/user-admin');
  const theirs = await fetch(`${env!.unleash.url}/api/admin/user-admin`);
  const [a, b] = [(await ours.json()) as Record<string, unknown>, (await theirs.json()) as Record<string, unknown>];
  assert.equal([ours.status, theirs.status], [401, 401]);
  for (const [who, body] of [
    ['flagadmin', a],
    ['Unleash', b],
  ] as const) {
    const check = env!.schemas.check('getUsers', 401, body);
    assert.ok(check.kind === 'schema' && check.valid, `${who}'s 401 matches the schema`);
  }
  assert.equal([a['name'], a['type'], a['path'], a['defaultHidden']], [b['name'], b['type'], b['path'], b['defaultHidden']]);
  for (const key of Object.keys(b)) if (key !== 'details') assert.ok(key in a, `flagadmin's 401 has Unleash's ${key}`);
});

test.run();
