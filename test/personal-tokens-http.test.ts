// Personal access tokens (/api/admin/user/tokens, Unleash 8.2.0's PAT routes): made by a signed-in person,
// the secret shown once and stored as its SHA-256, used in Authorization with the person's role and scope as
// they are at each request, refused at once when deleted, expired (injected clock) or when the person is
// removed. On memory (in process and over a socket), lowdb and PostgreSQL.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { expectError } from './helpers/http-world';
import { PEOPLE_SETUPS, peopleWorld, type PeopleWorld } from './helpers/people-world';

const TOKENS = '/api/admin/user/tokens';
const FEATURES = '/api/admin/projects/default/features';

function tokensSuite(setup: (typeof PEOPLE_SETUPS)[number]): void {
  const test = suite(`personal access tokens over HTTP (${setup.name})`);
  let w: PeopleWorld;
  let cookie: string;
  let userId: number;
  test.before.each(async () => {
    w = await peopleWorld(setup);
    userId = (await w.createUser({ username: 'dev', email: 'dev@example.com', rootRole: 2 })).id;
    cookie = await w.signIn('dev');
  });
  test.after.each(async () => {
    await w.close();
  });

  const withToken = (secret: string, method: string, path: string, body?: unknown) =>
    w.send(path, {
      method,
      headers: { authorization: secret, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await w.asPerson(cookie, 'POST', TOKENS, body);
    assert.is(res.status, 201, await res.clone().text());
    return res.json();
  };
  const state = async () => ({ tokens: await w.admin.context.read((tx) => tx.list('personalTokens')), events: await w.eventCount() });

  test('the secret is shown once, stored as its SHA-256; the list never shows it; events name the person', async () => {
    const pat = await create({ description: 'ci', expiresAt: new Date(w.clock.now.getTime() + 86_400_000).toISOString() });
    assert.match(pat.secret, /^user:[0-9a-f]{56}$/);
    assert.equal(Object.keys(pat).sort(), ['createdAt', 'description', 'expiresAt', 'id', 'secret', 'seenAt', 'userId']);
    assert.is(pat.userId, userId);
    const stored = JSON.stringify(await w.admin.context.read((tx) => tx.list('personalTokens')));
    assert.not.ok(stored.includes(pat.secret.slice(5)), 'not stored');
    const list = await (await w.asPerson(cookie, 'GET', TOKENS)).json();
    assert.equal(
      list.pats.map((p: Record<string, unknown>) => [p['description'], 'secret' in p]),
      [['ci', false]],
    );
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    const made = events.find((e) => e.type === 'pat-created')!;
    assert.is(made.createdBy, 'dev@example.com');
    assert.not.ok(JSON.stringify(events).includes(pat.secret), 'no secret in events');
  });

  test("a token acts as its person, with their role as it is now; the person's own list only", async () => {
    const pat = await create({ description: 'no expiry' });
    assert.not.ok('expiresAt' in pat);
    const made = await withToken(pat.secret, 'POST', FEATURES, { name: 'via-pat' });
    assert.is(made.status, 201, await made.clone().text());
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    assert.is(events.find((e) => e.type === 'feature-created')!.createdBy, 'dev@example.com');
    const me = await (await withToken(pat.secret, 'GET', '/api/admin/user')).json();
    assert.equal([me.user.id, me.role], [userId, 'editor']);
    // The role lowered to Viewer: the same token now reads but may not write.
    const put = await w.send(`/api/admin/user-admin/${userId}`, {
      method: 'PUT',
      headers: { authorization: w.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ rootRole: 3 }),
    });
    assert.is(put.status, 200);
    assert.is((await withToken(pat.secret, 'GET', FEATURES)).status, 200);
    await expectError(await withToken(pat.secret, 'POST', FEATURES, { name: 'as-viewer' }), 403, 'NoAccessError');
    // Another person sees none of these tokens and cannot delete them.
    await w.createUser({ username: 'other', rootRole: 2 });
    const other = await w.signIn('other');
    assert.equal(await (await w.asPerson(other, 'GET', TOKENS)).json(), { pats: [] });
    const before = await state();
    assert.is((await w.asPerson(other, 'DELETE', `${TOKENS}/${pat.id}`)).status, 200);
    assert.equal(await state(), before, "another person's delete changes nothing");
    assert.is((await withToken(pat.secret, 'GET', FEATURES)).status, 200);
  });

  test('refused at once when deleted, expired, or when the person is removed', async () => {
    const deleted = await create({ description: 'to delete' });
    const expiring = await create({ description: 'expiring', expiresAt: new Date(w.clock.now.getTime() + 60_000).toISOString() });
    const kept = await create({ description: 'kept' });
    const del = await w.asPerson(cookie, 'DELETE', `${TOKENS}/${deleted.id}`);
    assert.is(del.status, 200);
    await expectError(await withToken(deleted.secret, 'GET', FEATURES), 401, 'AuthenticationRequired');
    assert.is((await withToken(expiring.secret, 'GET', FEATURES)).status, 200);
    w.clock.now = new Date(w.clock.now.getTime() + 60_000);
    await expectError(await withToken(expiring.secret, 'GET', FEATURES), 401, 'AuthenticationRequired');
    assert.is((await withToken(kept.secret, 'GET', FEATURES)).status, 200);
    const gone = await w.send(`/api/admin/user-admin/${userId}`, { method: 'DELETE', headers: { authorization: w.adminKey } });
    assert.is(gone.status, 200);
    await expectError(await withToken(kept.secret, 'GET', FEATURES), 401, 'AuthenticationRequired');
    assert.equal(await w.admin.context.read((tx) => tx.list('personalTokens')), [], "the person's tokens are removed");
    const types = (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events.map((e) => e.type);
    assert.ok(types.includes('pat-deleted'));
  });

  test('bad input: a clear 400/403/409, nothing created, no event', async () => {
    await create({ description: 'taken' });
    const before = await state();
    const refused = async (res: Response, status: number, name: string, message?: RegExp) => {
      await expectError(res, status, name, message);
      assert.equal(await state(), before, 'nothing changed');
    };
    await refused(
      await w.asPerson(cookie, 'POST', TOKENS, { description: 'past', expiresAt: '2001-01-01T00:00:00.000Z' }),
      400,
      'BadDataError',
      /future/,
    );
    await refused(await w.asPerson(cookie, 'POST', TOKENS, { description: '' }), 400, 'BadDataError');
    await refused(await w.asPerson(cookie, 'POST', TOKENS, {}), 400, 'BadDataError');
    await refused(await w.asPerson(cookie, 'POST', TOKENS, { description: 'x', expiresAt: 'tomorrow' }), 400, 'BadDataError');
    await refused(await w.asPerson(cookie, 'POST', TOKENS, { description: 'taken' }), 409, 'NameExistsError', /already exists/);
    // Keys are not people: Unleash's 403 on every token route.
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { description: 'by key' }],
    ] as const) {
      await refused(await withToken(w.adminKey, method, TOKENS, body), 403, 'NoAccessError', /authenticated user/);
    }
    await refused(await withToken(w.adminKey, 'DELETE', `${TOKENS}/1`), 403, 'NoAccessError');
    await refused(await w.send(TOKENS), 401, 'AuthenticationRequired');
    await refused(await withToken(`user:${'0'.repeat(56)}`, 'GET', FEATURES), 401, 'AuthenticationRequired');
    for (let i = 1; i < 10; i++) await create({ description: `t${i}` });
    const full = await state();
    await expectError(
      await w.asPerson(cookie, 'POST', TOKENS, { description: 'eleventh' }),
      403,
      'OperationDeniedError',
      /Too many PATs \(10\)/,
    );
    assert.equal(await state(), full);
  });

  test.run();
}

for (const setup of PEOPLE_SETUPS) tokensSuite(setup);
