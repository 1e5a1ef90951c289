// Sign-in with a password and the session cookie: its attributes, sign-out, expiry on the instance's clock,
// a session ended at once when the person is deleted or their role changes, forged cookies, the cross-site
// rule for writes signed in by the cookie, and the lock after repeated failures (proven on an injected
// clock, not on time passing). On memory (in process and over a socket), lowdb and PostgreSQL.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sessionCookieHeader, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { expectError } from './helpers/http-world';
import { PASSWORD, PEOPLE_SETUPS, peopleWorld, type PeopleWorld } from './helpers/people-world';

const LOGIN = '/auth/simple/login';
const FEATURES = '/api/admin/projects/default/features';

function sessionsSuite(setup: (typeof PEOPLE_SETUPS)[number]): void {
  const test = suite(`sessions over HTTP (${setup.name})`);
  let w: PeopleWorld;
  test.before.each(async () => {
    w = await peopleWorld({ ...setup, trustedOrigins: ['https://admin.example.com'] });
    await w.createUser({ username: 'ann', email: 'ann@example.com', rootRole: 2 });
  });
  test.after.each(async () => {
    await w.close();
  });

  const login = (body: unknown, headers: Record<string, string> = {}) =>
    w.send(LOGIN, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const state = async () => ({
    sessions: await w.admin.context.read((tx) => tx.list('sessions')),
    users: await w.admin.context.read((tx) => tx.list('users')),
    features: (await w.admin.listFeatures(SYSTEM_PRINCIPAL, { projectId: 'default' })).features.length,
    events: await w.eventCount(),
  });

  test('sign-in answers the person and a session cookie: HttpOnly, SameSite=Lax, Path=/, Max-Age; Secure behind https', async () => {
    const res = await login({ username: 'ann', password: PASSWORD });
    assert.is(res.status, 200);
    const user = await res.json();
    assert.equal([user.username, user.email, user.rootRole], ['ann', 'ann@example.com', 2]);
    const cookie = res.headers.get('set-cookie')!;
    assert.match(cookie, /^flagadmin-session=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=172800$/);
    const secure = await login({ username: 'ann@EXAMPLE.com', password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    assert.match(secure.headers.get('set-cookie')!, /; Secure$/);
    // Stored by its hash only: the id in the cookie is in no record.
    const id = cookie.split(';')[0]!.split('=')[1]!;
    const stored = JSON.stringify(await w.admin.context.read((tx) => tx.list('sessions')));
    assert.not.ok(stored.includes(id), 'the session id is not stored');
    assert.is((await w.admin.context.read((tx) => tx.list('sessions'))).length, 2);
    assert.is(sessionCookieHeader({ clear: true, secure: false }), 'flagadmin-session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
  });

  test('the cookie signs requests in as the person; sign-out ends the session (204 to JSON, 302 to a browser form)', async () => {
    const cookie = await w.signIn('ann');
    const me = await w.asPerson(cookie, 'GET', '/api/admin/user');
    assert.is(me.status, 200);
    assert.is((await me.json()).role, 'editor');
    const out = await w.send('/logout', { method: 'POST', headers: { cookie, accept: 'application/json' } });
    assert.is(out.status, 204);
    assert.match(out.headers.get('set-cookie')!, /^flagadmin-session=; .*Max-Age=0/);
    await expectError(await w.asPerson(cookie, 'GET', '/api/admin/user'), 401, 'AuthenticationRequired');
    const second = await w.signIn('ann');
    const form = await w.send('/logout', { method: 'POST', headers: { cookie: second }, redirect: 'manual' });
    assert.is(form.status, 302);
    assert.is(form.headers.get('location'), '/signed-out');
    await expectError(await w.asPerson(second, 'GET', '/api/admin/user'), 401, 'AuthenticationRequired');
    const none = await w.send('/logout', { method: 'POST', headers: { accept: 'application/json' } });
    assert.is(none.status, 204);
  });

  test('wrong password, unknown name, no password at all: the same 401, nothing opened, no event', async () => {
    await w.createUser({ email: 'sso-only@example.com', rootRole: 3, password: undefined });
    const before = await state();
    const answers = [];
    for (const body of [
      { username: 'ann', password: 'Wrong-pass-123' },
      { username: 'nobody', password: PASSWORD },
      { username: 'sso-only@example.com', password: PASSWORD },
    ]) {
      const error = await expectError(await login(body), 401, 'AuthenticationRequired', /combination of password and username/);
      answers.push(error['message']);
    }
    assert.is(new Set(answers).size, 1, 'one answer for all three');
    const after = await state();
    assert.equal([after.sessions, after.features, after.events], [before.sessions, before.features, before.events]);
    for (const body of [{ username: 'ann' }, { password: 'x' }, 'not json', { username: 'ann', password: 'x'.repeat(2000) }]) {
      await expectError(
        await w.send(LOGIN, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
        400,
        'BadDataError',
      );
    }
    await expectError(await w.send(LOGIN, { method: 'POST', body: 'username=ann' }), 415, 'ContentTypeerror');
    assert.equal((await state()).sessions, before.sessions);
  });

  test('forged, malformed and expired cookies: 401, nothing done', async () => {
    const before = await state();
    for (const cookie of [`flagadmin-session=${'a'.repeat(64)}`, 'flagadmin-session=nothex', 'other=1', 'flagadmin-session=']) {
      await expectError(await w.asPerson(cookie, 'GET', '/api/admin/user'), 401, 'AuthenticationRequired');
      await expectError(await w.asPerson(cookie, 'POST', FEATURES, { name: 'forged' }), 401, 'AuthenticationRequired');
    }
    const cookie = await w.signIn('ann');
    w.clock.now = new Date(w.clock.now.getTime() + 48 * 3_600_000 - 1000);
    assert.is((await w.asPerson(cookie, 'GET', '/api/admin/user')).status, 200, 'still open just before 48 h');
    w.clock.now = new Date(w.clock.now.getTime() + 1000);
    await expectError(await w.asPerson(cookie, 'GET', '/api/admin/user'), 401, 'AuthenticationRequired', /session has ended/);
    await expectError(await w.asPerson(cookie, 'POST', FEATURES, { name: 'late' }), 401, 'AuthenticationRequired');
    const after = await state();
    assert.equal([after.features, after.events], [before.features, before.events]);
  });

  test('the session lifetime is the instance option (sessionTtlHours)', async () => {
    const short = await peopleWorld({ ...setup, sessionTtlHours: 1 });
    try {
      await short.createUser({ username: 'bo', rootRole: 3 });
      const res = await short.send(LOGIN, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bo', password: PASSWORD }),
      });
      assert.match(res.headers.get('set-cookie')!, /Max-Age=3600/);
      const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      short.clock.now = new Date(short.clock.now.getTime() + 3_600_000);
      await expectError(await short.asPerson(cookie, 'GET', '/api/admin/user'), 401, 'AuthenticationRequired');
    } finally {
      await short.close();
    }
  });

  test('deleting the person or changing their role ends their sessions at once', async () => {
    const { id } = await w.createUser({ username: 'cy', rootRole: 2 });
    const first = await w.signIn('cy');
    const adminCall = (method: string, path: string, body?: unknown) =>
      w.send(path, {
        method,
        headers: { authorization: w.adminKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    // A change that is not of access (the name) keeps the session.
    assert.is((await adminCall('PUT', `/api/admin/user-admin/${id}`, { name: 'Cy' })).status, 200);
    assert.is((await w.asPerson(first, 'GET', '/api/admin/user')).status, 200);
    assert.is((await adminCall('PUT', `/api/admin/user-admin/${id}`, { rootRole: 3 })).status, 200);
    await expectError(await w.asPerson(first, 'GET', '/api/admin/user'), 401, 'AuthenticationRequired');
    const second = await w.signIn('cy');
    assert.is((await (await w.asPerson(second, 'GET', '/api/admin/user')).json()).role, 'viewer');
    await expectError(await w.asPerson(second, 'POST', FEATURES, { name: 'as-viewer' }), 403, 'NoAccessError');
    assert.is((await adminCall('DELETE', `/api/admin/user-admin/${id}`)).status, 200);
    await expectError(await w.asPerson(second, 'GET', '/api/admin/user'), 401, 'AuthenticationRequired');
    assert.not.ok(
      (await w.admin.context.read((tx) => tx.list('sessions'))).some((s) => s.userId === id),
      'their sessions are removed',
    );
  });

  test('cross-site writes with the cookie: 403 and nothing created; same origin, trusted origin and Referer pass; keys unaffected', async () => {
    const cookie = await w.signIn('ann');
    const before = await state();
    for (const origin of [null, 'https://evil.example', 'null', 'http://flagadmin.test.evil.example']) {
      for (const [method, path, body] of [
        ['POST', FEATURES, { name: 'csrf' }],
        ['PATCH', `${FEATURES}/f0`, []],
        ['DELETE', '/api/admin/user/tokens/1', undefined],
        ['PUT', '/api/admin/user-admin/1', { rootRole: 1 }],
      ] as const) {
        const error = await expectError(await w.asPerson(cookie, method, path, body, origin), 403, 'NoAccessError');
        assert.match(String(error['message']), /session cookie/);
      }
    }
    assert.equal(await state(), before, 'nothing created, no event');
    // Reads need no origin; writes from the page's own origin, a trusted one, or with only a Referer of it pass.
    assert.is((await w.asPerson(cookie, 'GET', FEATURES, undefined, null)).status, 200);
    assert.is((await w.asPerson(cookie, 'POST', FEATURES, { name: 'own' })).status, 201);
    assert.is((await w.asPerson(cookie, 'POST', FEATURES, { name: 'trusted' }, 'https://admin.example.com')).status, 201);
    const referred = await w.send(FEATURES, {
      method: 'POST',
      headers: { cookie, referer: `${w.origin}/projects/default`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'referred' }),
    });
    assert.is(referred.status, 201);
    // Authorization decides when present: a key from anywhere is not subject to the rule.
    const keyed = await w.send(FEATURES, {
      method: 'POST',
      headers: { cookie, authorization: w.editorKey, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'by-key' }),
    });
    assert.is(keyed.status, 201);
  });

  test('5 failures in a row lock sign-in for 15 minutes (429, even with the right password); then it opens again', async () => {
    const wrong = { username: 'ann', password: 'Wrong-pass-123' };
    for (let i = 0; i < 5; i++) await expectError(await login(wrong), 401, 'AuthenticationRequired');
    const before = await state();
    const locked = await login({ username: 'ann', password: PASSWORD });
    await expectError(locked.clone(), 429, 'TooManyRequestsError', /locked/);
    assert.is(locked.headers.get('retry-after'), '900');
    assert.equal((await state()).sessions, before.sessions, 'no session while locked');
    w.clock.now = new Date(w.clock.now.getTime() + 15 * 60_000 - 1000);
    const still = await login({ username: 'ann', password: PASSWORD });
    assert.is(still.status, 429);
    assert.is(still.headers.get('retry-after'), '1');
    w.clock.now = new Date(w.clock.now.getTime() + 1000);
    assert.ok((await w.signIn('ann')).startsWith('flagadmin-session='));
    // A success resets the count: four failures after it do not lock.
    for (let i = 0; i < 4; i++) await expectError(await login(wrong), 401, 'AuthenticationRequired');
    assert.ok((await w.signIn('ann')).startsWith('flagadmin-session='));
    const stored = (await w.admin.context.read((tx) => tx.list('users'))).find((u) => u.username === 'ann')!;
    assert.equal([stored.failedLogins, stored.lockedUntil], [0, null]);
  });

  test('changing your own password: the old one and confirmation checked; other sessions end, this one stays', async () => {
    const here = await w.signIn('ann');
    const elsewhere = await w.signIn('ann');
    const change = (body: unknown, cookie = here) => w.asPerson(cookie, 'POST', '/api/admin/user/change-password', body);
    const before = await state();
    await expectError(
      await change({ password: 'New-pass-2026!', confirmPassword: 'Other-2026!', oldPassword: PASSWORD }),
      400,
      'BadDataError',
    );
    await expectError(await change({ password: 'New-pass-2026!', confirmPassword: 'New-pass-2026!' }), 400, 'BadDataError');
    await expectError(await change({ password: 'weak', confirmPassword: 'weak', oldPassword: PASSWORD }), 400, 'BadDataError');
    await expectError(
      await change({ password: 'New-pass-2026!', confirmPassword: 'New-pass-2026!', oldPassword: 'Wrong-pass-123' }),
      401,
      'AuthenticationRequired',
      /old password/,
    );
    await expectError(
      await change({ password: 'New-pass-2026!', confirmPassword: 'New-pass-2026!', oldPassword: PASSWORD }, 'x=1'),
      401,
      'AuthenticationRequired',
    );
    assert.equal(await state(), before, 'nothing changed');
    const ok = await change({ password: 'New-pass-2026!', confirmPassword: 'New-pass-2026!', oldPassword: PASSWORD });
    assert.is(ok.status, 200);
    assert.is((await w.asPerson(here, 'GET', '/api/admin/user')).status, 200, 'this session stays');
    await expectError(await w.asPerson(elsewhere, 'GET', '/api/admin/user'), 401, 'AuthenticationRequired');
    assert.ok((await w.signIn('ann', 'New-pass-2026!')).startsWith('flagadmin-session='));
    const keyed = await w.send('/api/admin/user/change-password', {
      method: 'POST',
      headers: { authorization: w.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'New-pass-2026!', confirmPassword: 'New-pass-2026!', oldPassword: 'x' }),
    });
    await expectError(keyed, 403, 'NoAccessError');
  });

  test('no password or hash in answers, events or log lines', async () => {
    await w.signIn('ann');
    await login({ username: 'ann', password: 'Wrong-pass-123' });
    const hash = (await w.admin.context.read((tx) => tx.list('users')))[0]!.passwordHash!;
    const everything = JSON.stringify([
      w.logged,
      await w.admin.listEvents(SYSTEM_PRINCIPAL),
      await (await w.send('/api/admin/user-admin', { headers: { authorization: w.adminKey } })).json(),
    ]);
    for (const secret of [PASSWORD, 'Wrong-pass-123', hash, 'scrypt$'])
      assert.not.ok(everything.includes(secret), `${secret.slice(0, 8)}… leaked`);
  });

  test.run();
}

for (const setup of PEOPLE_SETUPS) sessionsSuite(setup);
