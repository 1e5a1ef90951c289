// People as Unleash 8.2.0's user admin (/api/admin/user-admin): created, listed, read, changed, searched and
// deleted by an admin; the password policy; who may do it; GET /api/admin/user for a signed-in person; events
// name the person who acted and never carry a password or its hash. On memory (in process and over a
// socket), lowdb and PostgreSQL; every refusal is a JSON error with Unleash's status and changes nothing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { expectError } from './helpers/http-world';
import { PASSWORD, PEOPLE_SETUPS, peopleWorld, type PeopleWorld } from './helpers/people-world';

const USERS = '/api/admin/user-admin';

function usersSuite(setup: (typeof PEOPLE_SETUPS)[number]): void {
  const test = suite(`users over HTTP (${setup.name})`);
  let w: PeopleWorld;
  test.before.each(async () => {
    w = await peopleWorld(setup);
  });
  test.after.each(async () => {
    await w.close();
  });

  const send = (path: string, method: string, body?: unknown, key = w.adminKey) =>
    w.send(path, {
      method,
      headers: { authorization: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const state = async () => ({ users: await w.admin.context.read((tx) => tx.list('users')), events: await w.eventCount() });
  const refused = async (path: string, method: string, body: unknown, status: number, name: string, message?: RegExp, key?: string) => {
    const before = await state();
    const error = await expectError(await send(path, method, body, key), status, name, message);
    assert.equal(await state(), before, `${method} ${path}: nothing changed`);
    return error;
  };
  const noSecrets = (text: string, hashes: string[]) => {
    assert.not.ok(text.includes(PASSWORD), 'no password');
    assert.not.ok(text.includes('scrypt$'), 'no hash');
    for (const hash of hashes) assert.not.ok(text.includes(hash), 'no stored hash');
  };

  test('an admin creates, lists, reads, changes and deletes a person; events name who acted, never a password', async () => {
    const created = await w.createUser({ username: 'ann', email: 'ann@example.com', name: 'Ann', rootRole: 2 });
    assert.is(created.status, 201);
    assert.equal(
      { ...created.body, id: 0, createdAt: '', imageUrl: '' },
      {
        id: 0,
        name: 'Ann',
        email: 'ann@example.com',
        username: 'ann',
        imageUrl: '',
        seenAt: null,
        loginAttempts: 0,
        createdAt: '',
        rootRole: 2,
        accountType: 'User',
        emailSent: false,
      },
    );
    const list = await (await send(USERS, 'GET')).json();
    assert.equal(
      list.users.map((u: { username: string; rootRole: number }) => [u.username, u.rootRole]),
      [['ann', 2]],
    );
    assert.equal(
      list.rootRoles.map((r: { id: number; name: string; type: string }) => [r.id, r.name, r.type]),
      [
        [1, 'Admin', 'root'],
        [2, 'Editor', 'root'],
        [3, 'Viewer', 'root'],
      ],
    );
    const one = await send(`${USERS}/${created.id}`, 'GET');
    assert.is(one.status, 200);
    assert.is((await one.json()).email, 'ann@example.com');
    const changed = await send(`${USERS}/${created.id}`, 'PUT', { name: 'Ann B', rootRole: 'Viewer' });
    assert.is(changed.status, 200);
    assert.equal([(await changed.json()).rootRole], [3]);
    const deleted = await send(`${USERS}/${created.id}`, 'DELETE');
    assert.is(deleted.status, 200);
    assert.is(await deleted.text(), '');
    await expectError(await send(`${USERS}/${created.id}`, 'GET'), 404, 'NotFoundError', /Could not find user/);
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    const ours = events.filter((e) => e.type.startsWith('user-'));
    assert.equal(
      ours.map((e) => [e.type, e.createdBy]),
      [
        ['user-deleted', 'admin-admin'],
        ['user-updated', 'admin-admin'],
        ['user-created', 'admin-admin'],
      ],
    );
    noSecrets(JSON.stringify(events), []);
    noSecrets(JSON.stringify(list), []);
  });

  test('what a person does names them in events and change requests, as a key is named', async () => {
    await w.createUser({ username: 'ed', email: 'ed@example.com', rootRole: 'Editor' });
    const cookie = await w.signIn('ed');
    const res = await w.asPerson(cookie, 'POST', '/api/admin/projects/default/features', { name: 'by-ed' });
    assert.is(res.status, 201, await res.clone().text());
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    const event = events.find((e) => e.type === 'feature-created')!;
    assert.is(event.createdBy, 'ed@example.com');
    const me = await (await w.asPerson(cookie, 'GET', '/api/admin/user')).json();
    assert.is(event.createdByUserId, me.user.id);
    const cr = await w.asPerson(cookie, 'POST', '/api/admin/projects/default/environments/development/change-requests', {
      feature: 'by-ed',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    assert.is(cr.status, 201, await cr.clone().text());
    const body = await cr.json();
    assert.is(body.createdBy.username, 'ed@example.com');
    assert.is(body.createdBy.id, me.user.id);
  });

  test('GET /api/admin/user: the signed-in person as Unleash answers (user, permissions), with their role and scope', async () => {
    await w.createUser({ username: 'vic', rootRole: 3, projects: ['default'], environments: ['development'] });
    const me = await (await w.asPerson(await w.signIn('vic'), 'GET', '/api/admin/user')).json();
    assert.is(me.user.username, 'vic');
    assert.is(me.user.rootRole, 3);
    assert.equal(me.user.projects, ['default']);
    assert.equal(
      [me.role, me.projects, me.environments, me.permissions, me.feedback, me.splash],
      ['viewer', ['default'], ['development'], [], [], {}],
    );
    assert.not.ok('isAPI' in me.user);
  });

  test('bad input: a clear 400, nothing created, no event', async () => {
    await w.createUser({ username: 'taken', email: 'taken@example.com', rootRole: 3 });
    const weak = await refused(
      USERS,
      'POST',
      { username: 'w', password: 'short', rootRole: 2 },
      400,
      'BadDataError',
      /at least 10 characters/,
    );
    assert.ok((weak['details'] as unknown[]).length >= 3, 'every failed rule named');
    await refused(USERS, 'POST', { username: 'taken', rootRole: 2 }, 400, 'BadDataError', /User already exists/);
    await refused(USERS, 'POST', { email: 'TAKEN@example.com', rootRole: 2 }, 400, 'BadDataError', /User already exists/);
    await refused(USERS, 'POST', { rootRole: 2 }, 400, 'BadDataError', /username or email/);
    await refused(USERS, 'POST', { username: 'x', rootRole: 9 }, 400, 'BadDataError', /root role/);
    await refused(USERS, 'POST', { username: 'x', rootRole: 'Owner' }, 400, 'BadDataError', /root role/);
    await refused(USERS, 'POST', { username: 'x', email: 'not-an-email', rootRole: 2 }, 400, 'BadDataError', /email/);
    await refused(USERS, 'POST', { username: 'x' }, 400, 'BadDataError');
    await refused(USERS, 'POST', { username: 'x', rootRole: 2, extra: 1 }, 400, 'BadDataError');
    await refused(USERS, 'POST', { username: 'x', rootRole: 2, password: 'A1!'.repeat(400) }, 400, 'BadDataError');
    await refused(USERS, 'POST', '{"username":', 400, 'BadDataError');
    await refused(USERS, 'POST', { username: '__proto__', rootRole: 2, constructor: {} }, 400, 'BadDataError');
    await refused(`${USERS}/999`, 'PUT', { name: 'x' }, 404, 'NotFoundError');
    await refused(`${USERS}/abc`, 'DELETE', undefined, 404, 'NotFoundError');
    await refused(`${USERS}/1e3`, 'GET', undefined, 404, 'NotFoundError');
    await refused(`${USERS}/999/change-password`, 'POST', { password: 'Another-pass-1' }, 404, 'NotFoundError');
  });

  test('only ADMIN manages people: editors and viewers 403, unsigned 401, nothing changed', async () => {
    const { id } = await w.createUser({ username: 'target', rootRole: 3 });
    for (const key of [w.editorKey, w.viewerKey]) {
      await refused(USERS, 'GET', undefined, 403, 'NoAccessError', undefined, key);
      await refused(USERS, 'POST', { username: 'n', rootRole: 1 }, 403, 'NoAccessError', undefined, key);
      await refused(`${USERS}/${id}`, 'PUT', { rootRole: 1 }, 403, 'NoAccessError', undefined, key);
      await refused(`${USERS}/${id}`, 'DELETE', undefined, 403, 'NoAccessError', undefined, key);
      await refused(`${USERS}/${id}/change-password`, 'POST', { password: 'Another-pass-1' }, 403, 'NoAccessError', undefined, key);
    }
    const before = await state();
    await expectError(await w.send(USERS), 401, 'AuthenticationRequired');
    assert.equal(await state(), before);
    // An editor who signed in may not make themselves admin either.
    await w.createUser({ username: 'eve', rootRole: 2 });
    const cookie = await w.signIn('eve');
    const self = await w.asPerson(cookie, 'PUT', `${USERS}/${id}`, { rootRole: 1 });
    await expectError(self, 403, 'NoAccessError');
  });

  test('validate-password and search answer as Unleash; any admin principal may call them', async () => {
    const ok = await send(`${USERS}/validate-password`, 'POST', { password: 'Long-enough-1' }, w.viewerKey);
    assert.is(ok.status, 200);
    assert.is(await ok.text(), '');
    const bad = await refused(
      `${USERS}/validate-password`,
      'POST',
      { password: 'aaaBBB111!!' },
      400,
      'BadDataError',
      /three or more repeated/,
    );
    assert.equal(bad['details'], [
      { message: 'The password may not contain sequences of three or more repeated characters.', path: '/password' },
    ]);
    await w.createUser({ username: 'anna', name: 'Anna Smith', rootRole: 3 });
    await w.createUser({ username: 'bob', email: 'bob@smith.example', rootRole: 3 });
    await w.createUser({ username: 'carl', rootRole: 3 });
    const found = await (await send(`${USERS}/search?q=SMITH`, 'GET', undefined, w.viewerKey)).json();
    assert.equal(
      found.map((u: { username: string }) => u.username),
      ['anna', 'bob'],
    );
    assert.equal(await (await send(`${USERS}/search?q=a`, 'GET')).json(), []);
    assert.equal(await (await send(`${USERS}/search`, 'GET')).json(), []);
  });

  test('change-password: the new password signs in, the old one and every session of the person end', async () => {
    const { id } = await w.createUser({ username: 'pat', rootRole: 2 });
    const cookie = await w.signIn('pat');
    assert.is((await w.asPerson(cookie, 'GET', '/api/admin/user')).status, 200);
    await refused(`${USERS}/${id}/change-password`, 'POST', { password: 'weak' }, 400, 'BadDataError');
    const res = await send(`${USERS}/${id}/change-password`, 'POST', { password: 'Brand-new-pass-2' });
    assert.is(res.status, 200);
    await expectError(await w.asPerson(cookie, 'GET', '/api/admin/user'), 401, 'AuthenticationRequired');
    let refusedOld = false;
    try {
      await w.signIn('pat');
    } catch {
      refusedOld = true;
    }
    assert.ok(refusedOld, 'the old password no longer signs in');
    assert.ok((await w.signIn('pat', 'Brand-new-pass-2')).startsWith('flagadmin-session='));
    const stored = (await w.admin.context.read((tx) => tx.get('users', String(id))))!;
    noSecrets(JSON.stringify(await (await send(USERS, 'GET')).json()), [stored.passwordHash!]);
    noSecrets(JSON.stringify(await w.admin.listEvents(SYSTEM_PRINCIPAL)), [stored.passwordHash!]);
    noSecrets(JSON.stringify(w.logged), [stored.passwordHash!]);
  });

  test("a host's own user as a principal: role and scope enforced as a key's, events name them, GET /user answered as a key", async () => {
    const host = {
      id: 1_000_001,
      name: 'host-user@example.com',
      type: 'admin',
      role: 'editor',
      projects: ['default'],
      environments: ['*'],
      user: true,
    } as const;
    const made = await w.admin.createFeature(host, { projectId: 'default', body: { name: 'from-host' } });
    assert.is(made.name, 'from-host');
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    assert.equal([events[0]!.createdBy, events[0]!.createdByUserId], ['host-user@example.com', 1_000_001]);
    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'elsewhere', name: 'Elsewhere' } });
    let refusedOutside = false;
    try {
      await w.admin.createFeature(host, { projectId: 'elsewhere', body: { name: 'outside' } });
    } catch (error) {
      refusedOutside = (error as { status?: number }).status === 403;
    }
    assert.ok(refusedOutside, 'a project outside its scope: 403');
    const me = await w.admin.getCurrentKey(host);
    assert.equal([me.user.id, me.user.username, me.role, me.projects], [1_000_001, 'host-user@example.com', 'editor', ['default']]);
  });

  test('a change request a person scheduled applies while they keep their access, and fails once it changed', async () => {
    const P = '/api/admin/projects/default';
    const config = await send(`${P}/environments/development/change-requests/config`, 'PUT', {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    assert.is(config.status, 204);
    const { id: personId } = await w.createUser({ username: 'sam', email: 'sam@example.com', rootRole: 2 });
    const cookie = await w.signIn('sam');
    const schedule = async (feature: string) => {
      assert.is((await w.asPerson(cookie, 'POST', `${P}/features`, { name: feature })).status, 201);
      const made = await w.asPerson(cookie, 'POST', `${P}/environments/development/change-requests`, {
        feature,
        action: 'updateEnabled',
        payload: { enabled: true },
      });
      const cr = await made.json();
      const state = (body: unknown, as: 'person' | 'key') =>
        as === 'person'
          ? w.asPerson(cookie, 'PUT', `${P}/change-requests/${cr.id}/state`, body)
          : send(`${P}/change-requests/${cr.id}/state`, 'PUT', body);
      assert.is((await state({ state: 'In review' }, 'person')).status, 200);
      assert.is((await state({ state: 'Approved' }, 'key')).status, 200);
      const at = new Date(w.clock.now.getTime() + 60_000).toISOString();
      const scheduled = await state({ state: 'Scheduled', scheduledAt: at }, 'person');
      assert.is(scheduled.status, 200, await scheduled.clone().text());
      return cr.id as number;
    };
    const kept = await schedule('kept-access');
    w.clock.now = new Date(w.clock.now.getTime() + 61_000);
    assert.equal(await w.admin.applyDueChangeRequests(SYSTEM_PRINCIPAL), { applied: [kept], failed: [] });
    const lost = await schedule('lost-access');
    assert.is((await send(`${USERS}/${personId}`, 'PUT', { rootRole: 3 })).status, 200);
    w.clock.now = new Date(w.clock.now.getTime() + 61_000);
    assert.equal(await w.admin.applyDueChangeRequests(SYSTEM_PRINCIPAL), { applied: [], failed: [lost] });
    const cr = await (await send(`${P}/change-requests/${lost}`, 'GET')).json();
    assert.match(cr.schedule.reason, /person who scheduled/);
  });

  test('without a password hasher, setting a password is a clear 400 and people without one can still be made', async () => {
    const bare = await peopleWorld({ ...setup, noHasher: true });
    try {
      const res = await bare.createUser({ username: 'x', rootRole: 2 });
      assert.is(res.status, 400);
      assert.match(String(res.body['message']), /passwordHasher/);
      const sso = await bare.send(USERS, {
        method: 'POST',
        headers: { authorization: bare.adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'sso@example.com', rootRole: 3 }),
      });
      assert.is(sso.status, 201);
    } finally {
      await bare.close();
    }
  });

  test.run();
}

for (const setup of PEOPLE_SETUPS) usersSuite(setup);
