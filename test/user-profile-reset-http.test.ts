// Unleash 8.2.0's remaining user routes: a principal's profile, the admin count, the people every screen may
// name (access), and password reset links an admin hands over (one-time, 24 hours, kept as a hash), used
// through the public validate and password routes. Statuses, bodies, the stored state after each refusal.
// On memory (in process and over a socket), lowdb and PostgreSQL.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { expectError } from './helpers/http-world';
import { PEOPLE_SETUPS, peopleWorld, type PeopleWorld } from './helpers/people-world';

const USERS = '/api/admin/user-admin';
const NEW_PASSWORD = 'Brand-new-2026!';

function profileResetSuite(setup: (typeof PEOPLE_SETUPS)[number]): void {
  const test = suite(`profile, admin count, access and reset links (${setup.name})`);
  let w: PeopleWorld;
  test.before.each(async () => {
    w = await peopleWorld({ ...setup, signIn: { basePath: '/flags' } });
    await w.createUser({ username: 'ann', email: 'ann@example.com', name: 'Ann', rootRole: 2 });
    await w.createUser({ username: 'bo', rootRole: 1 });
    await w.createUser({ username: 'cy', rootRole: 3, projects: ['default'] });
    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'web', name: 'Web' } });
  });
  test.after.each(async () => {
    await w.close();
  });

  const get = (path: string, key: string) => w.send(path, { headers: { authorization: key } });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    w.send(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const users = () => w.admin.context.read((tx) => tx.list('users'));

  test('profile: the root role, the projects one may act in, whether one has a password to change', async () => {
    const ann = await w.signIn('ann');
    const mine = await w.asPerson(ann, 'GET', '/api/admin/user/profile');
    assert.is(mine.status, 200);
    const body = await mine.json();
    assert.equal(body, {
      rootRole: { id: 2, type: 'root', name: 'Editor', description: body.rootRole.description },
      projects: ['default', 'web'],
      groups: [],
      features: [],
      subscriptions: [],
      canChangePassword: true,
    });
    assert.match(body.rootRole.description, 'editor role');
    const cy = await (await w.asPerson(await w.signIn('cy'), 'GET', '/api/admin/user/profile')).json();
    assert.equal([cy.rootRole.name, cy.projects], ['Viewer', ['default']]);
    const key = await (await get('/api/admin/user/profile', w.viewerKey)).json();
    assert.equal([key.rootRole.id, key.canChangePassword], [3, false]);
    const sso = await w.admin.findOrCreateSsoUser(SYSTEM_PRINCIPAL, {
      issuer: 'https://id.example',
      subject: 's1',
      email: 'dee@example.com',
      rootRole: 3,
    });
    const session = await w.admin.openSession(SYSTEM_PRINCIPAL, { userId: sso.id });
    const ssoProfile = await (await w.asPerson(`flagadmin-session=${session.sessionId}`, 'GET', '/api/admin/user/profile')).json();
    assert.is(ssoProfile.canChangePassword, false, 'single sign-on only');
    await expectError(await w.send('/api/admin/user/profile'), 401, 'AuthenticationRequired');
  });

  test('admin count: admins with and without a password, no service accounts; ADMIN only', async () => {
    await w.admin.findOrCreateSsoUser(SYSTEM_PRINCIPAL, {
      issuer: 'https://id.example',
      subject: 's2',
      email: 'eve@example.com',
      rootRole: 'Admin',
    });
    const res = await get(`${USERS}/admin-count`, w.adminKey);
    assert.is(res.status, 200);
    assert.equal(await res.json(), { password: 1, noPassword: 1, service: 0 });
    await expectError(await get(`${USERS}/admin-count`, w.editorKey), 403, 'NoAccessError');
    await expectError(await w.asPerson(await w.signIn('ann'), 'GET', `${USERS}/admin-count`), 403, 'NoAccessError');
  });

  test('access: every person by id, names and email, for any admin principal; nothing more', async () => {
    const res = await get(`${USERS}/access`, w.viewerKey);
    assert.is(res.status, 200);
    const body = await res.json();
    assert.equal(body.groups, []);
    assert.equal(
      body.users.map((u: Record<string, unknown>) => [u['username'], u['email'], u['name'], u['accountType']]),
      [
        ['ann', 'ann@example.com', 'Ann', 'User'],
        ['bo', undefined, null, 'User'],
        ['cy', undefined, null, 'User'],
      ],
    );
    for (const u of body.users)
      assert.equal(
        Object.keys(u)
          .sort()
          .filter((k) => !['email'].includes(k)),
        ['accountType', 'id', 'name', 'username'],
      );
  });

  test("a person's permissions: each enforced one, held as their requests are checked; ADMIN; 404 unknown", async () => {
    const ids = Object.fromEntries((await users()).map((u) => [u.username, u.id]));
    const overview = async (id: number, query = '') => {
      const res = await get(`${USERS}/${id}/permissions${query}`, w.adminKey);
      assert.is(res.status, 200);
      return res.json();
    };
    const held = (list: { name: string; hasPermission: boolean }[]) => list.filter((p) => p.hasPermission).map((p) => p.name);
    const ann = await overview(ids['ann']!, '?project=web&environment=production');
    assert.equal(held(ann.overview.root), ['CREATE_TAG_TYPE', 'UPDATE_TAG_TYPE', 'DELETE_TAG_TYPE']);
    assert.equal(held(ann.overview.project), [
      'UPDATE_FEATURE',
      'READ_PROJECT_API_TOKEN',
      'CREATE_PROJECT_API_TOKEN',
      'DELETE_PROJECT_API_TOKEN',
    ]);
    assert.equal(
      ann.overview.environment.map((p: Record<string, unknown>) => [p['name'], p['environment'], p['hasPermission']]),
      [['UPDATE_FEATURE_ENVIRONMENT', 'production', true]],
    );
    assert.equal([ann.user.username, ann.rootRole.name, ann.projectRoles, ann.overview.groups], ['ann', 'Editor', [], []]);
    const bo = await overview(ids['bo']!);
    assert.is(held(bo.overview.root).length, 4, 'an admin holds every root permission');
    assert.equal(bo.overview.environment, [], 'no environment named: none listed');
    const cy = await overview(ids['cy']!, '?environment=nowhere');
    assert.equal([held(cy.overview.root), held(cy.overview.project), cy.overview.environment], [[], [], []]);
    await expectError(await get(`${USERS}/999999/permissions`, w.adminKey), 404, 'NotFoundError');
    await expectError(await get(`${USERS}/${ids['ann']}/permissions`, w.editorKey), 403, 'NoAccessError');
  });

  test('a reset link: made by an admin, one a minute, 24 hours, once; the password set, the lock cleared, sessions ended', async () => {
    const before = await w.signIn('ann');
    const made = await post(`${USERS}/reset-password`, { id: 'ann@example.com' }, { authorization: w.adminKey });
    assert.is(made.status, 200);
    const { resetPasswordUrl } = await made.json();
    const url = new URL(resetPasswordUrl);
    assert.equal([url.origin, url.pathname, url.search], [w.origin, '/flags/', ''], 'the page, the token only in the fragment');
    const token = new URLSearchParams(url.hash.split('?')[1]).get('token')!;
    assert.is(url.hash, `#/reset-password?token=${token}`);
    assert.match(token, /^[0-9a-f]{64}$/);
    assert.not.ok(JSON.stringify(await users()).includes(token), 'the token is kept as its hash only');

    // One a minute per person, as Unleash; another person is not held up.
    const again = await post(`${USERS}/reset-password`, { id: 'ann' }, { authorization: w.adminKey });
    assert.is(again.headers.get('retry-after'), '60');
    await expectError(again, 429, 'TooManyRequestsError');
    assert.is((await post(`${USERS}/reset-password`, { id: 'bo' }, { authorization: w.adminKey })).status, 200);

    const valid = await w.send(`/auth/reset/validate?token=${token}`);
    assert.is(valid.status, 200);
    const tokenUser = await valid.json();
    assert.equal(
      [tokenUser.email, tokenUser.name, tokenUser.token, tokenUser.role.name, typeof tokenUser.createdBy],
      ['ann@example.com', 'Ann', token, 'Editor', 'string'],
    );

    // A weak password changes nothing; the link still works.
    const stored = await users();
    await expectError(await post('/auth/reset/password', { token, password: 'weak' }), 400, 'BadDataError');
    assert.equal(await users(), stored);
    const events = await w.eventCount();
    assert.is((await post('/auth/reset/password', { token, password: NEW_PASSWORD })).status, 200);
    assert.is(await w.eventCount(), events, 'no event, as Unleash');
    await expectError(await w.asPerson(before, 'GET', '/api/admin/user'), 401, 'AuthenticationRequired');
    assert.ok((await w.signIn('ann', NEW_PASSWORD)).startsWith('flagadmin-session='));
    await expectError(await post('/auth/reset/password', { token, password: 'Other-pass-2026!' }), 401, 'AuthenticationRequired');
    await expectError(await w.send(`/auth/reset/validate?token=${token}`), 401, 'AuthenticationRequired');
  });

  test('a newer link replaces the last; a link past 24 hours is refused; bad input and callers refused, nothing changed', async () => {
    const link = async () => {
      const { resetPasswordUrl } = await (await post(`${USERS}/reset-password`, { id: 'cy' }, { authorization: w.adminKey })).json();
      return new URLSearchParams(new URL(resetPasswordUrl).hash.split('?')[1]).get('token')!;
    };
    const first = await link();
    w.clock.now = new Date(w.clock.now.getTime() + 61_000);
    const second = await link();
    await expectError(await w.send(`/auth/reset/validate?token=${first}`), 401, 'AuthenticationRequired');
    assert.is((await w.send(`/auth/reset/validate?token=${second}`)).status, 200);
    w.clock.now = new Date(w.clock.now.getTime() + 24 * 3_600_000);
    await expectError(await post('/auth/reset/password', { token: second, password: NEW_PASSWORD }), 401, 'AuthenticationRequired');

    const stored = await users();
    await expectError(
      await post(`${USERS}/reset-password`, { id: 'nobody@example.com' }, { authorization: w.adminKey }),
      404,
      'NotFoundError',
    );
    await expectError(await post(`${USERS}/reset-password`, { email: 'cy' }, { authorization: w.adminKey }), 400, 'BadDataError');
    await expectError(await post(`${USERS}/reset-password`, { id: 'cy' }, { authorization: w.editorKey }), 403, 'NoAccessError');
    await expectError(await w.send('/auth/reset/validate'), 401, 'AuthenticationRequired');
    await expectError(await w.send('/auth/reset/validate?token=__proto__'), 401, 'AuthenticationRequired');
    await expectError(await post('/auth/reset/password', { token: 'x'.repeat(64), password: NEW_PASSWORD }), 401, 'AuthenticationRequired');
    await expectError(await post('/auth/reset/password', { token: second }), 400, 'BadDataError');
    assert.equal(await users(), stored, 'nothing changed');
  });

  test('single sign-on usernames: preferred_username when free, else sso:<subject>, the issuer named when another issuer has it', async () => {
    const sso = (issuer: string, subject: string, more: { username?: string; email?: string } = {}) =>
      w.admin.findOrCreateSsoUser(SYSTEM_PRINCIPAL, { issuer, subject, rootRole: 3, ...more });
    const made = [
      await sso('https://id.example', 'free', { username: 'dee' }),
      await sso('https://id.example', 'taken', { username: 'ann' }),
      await sso('https://id.example', 'taken-mail', { username: 'bo', email: 'bo-sso@example.com' }),
      await sso('https://other.example', 'taken'),
    ];
    assert.equal(
      made.map((u) => u.username),
      ['dee', 'sso:taken', null, 'sso:https://other.example#taken'],
    );
  });

  test.run();
}

for (const setup of PEOPLE_SETUPS) profileResetSuite(setup);
