import * as assert from 'uvu/assert';
import { isSetupError, parseInitialKeys, weakInitialKeyWarnings, type SetupError } from '@flagadmin/core';
import { hashSecret, parseSecret, secretFromHeader } from '../src/base/auth';
import { rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('keys, principals, permissions', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
  });

  test('a raw key and a Bearer key (any case) authenticate; the principal carries no secret', async () => {
    const { secret, principal } = w.keys.editor;
    for (const header of [secret, `Bearer ${secret}`, `bearer ${secret}`, `BEARER  ${secret} `]) {
      assert.equal(await w.admin.authenticate(header), principal);
    }
    assert.not.ok(JSON.stringify(principal).includes(secret.split('.')[1]!));
    assert.equal(principal.role, 'editor');
  });

  test('missing, unknown and malformed keys are 401 AuthenticationRequired', async () => {
    const unknown = `*:*.${'0'.repeat(64)}`;
    for (const header of [undefined, null, '', '   ', 'Bearer', 'Bearer ', unknown, `Bearer ${unknown}`, 'Basic abc:def', 'a b c']) {
      await rejects(w.admin.authenticate(header), 'AuthenticationRequired');
    }
    const { secret } = w.keys.admin;
    await rejects(w.admin.authenticate(secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0')), 'AuthenticationRequired');
  });

  test('secrets have the shape <project>:<environment>.<64 hex> and are stored only as a SHA-256 hash', async () => {
    const all = w.keys.admin.secret;
    assert.match(all, /^\*:\*\.[0-9a-f]{64}$/);
    assert.match(w.keys.client.secret, /^\*:development\.[0-9a-f]{64}$/);
    await w.project('p1');
    await w.project('p2');
    assert.match((await w.key({ type: 'client', projects: ['p1'] })).secret, /^p1:development\./);
    assert.match((await w.key({ type: 'client', projects: ['p1', 'p2'] })).secret, /^\[\]:development\./);
    const stored = await w.storage.read((tx) => tx.list('apiKeys'));
    const dump = JSON.stringify(stored);
    for (const k of Object.values(w.keys)) assert.not.ok(dump.includes(k.secret.split('.')[1]!), 'no secret at rest');
    for (const k of stored) assert.match(k.secretHash, /^[0-9a-f]{64}$/);
    assert.ok(await w.storage.read(async (tx) => (await tx.get('apiKeys', await hashSecret(all))) !== undefined));
  });

  test('creating a key: the secret once in the result, an event without it, 400 for unknown projects or environments', async () => {
    const created = await w.admin.createApiKey(w.keys.admin.principal, {
      body: { tokenName: 'ci', type: 'CLIENT', environment: 'production' },
    });
    assert.is(created.type, 'client');
    assert.is(created.environment, 'production');
    assert.ok(created.id > 0);
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    const event = events.find((e) => e.type === 'api-token-created' && (e.data as { id: number }).id === created.id)!;
    assert.ok(event);
    assert.not.ok(JSON.stringify(event).includes(created.secret.split('.')[1]!), 'never the secret in an event');
    const count = await w.eventCount();
    await rejects(
      w.admin.createApiKey(w.keys.admin.principal, { body: { tokenName: 'x', type: 'admin', projects: ['nope'] } }),
      'BadDataError',
      /nope/,
    );
    await rejects(
      w.admin.createApiKey(w.keys.admin.principal, { body: { tokenName: 'x', type: 'client', environment: 'staging' } }),
      'BadDataError',
      /staging/,
    );
    await rejects(w.admin.createApiKey(w.keys.admin.principal, { body: { tokenName: 'x', type: 'root' } }), 'BadDataError');
    await rejects(w.admin.createApiKey(w.keys.admin.principal, { body: { type: 'admin' } }), 'BadDataError');
    assert.is(await w.eventCount(), count);
  });

  test('key management and project creation need ADMIN: editors, viewers, scoped admins and client keys get 403', async () => {
    await w.project('p1');
    const scopedAdmin = await w.key({ type: 'admin', role: 'admin', projects: ['p1'] });
    for (const p of [w.keys.editor.principal, w.keys.viewer.principal, scopedAdmin.principal]) {
      const error = await rejects(w.admin.createApiKey(p, { body: { tokenName: 'x', type: 'admin' } }), 'NoAccessError', /ADMIN/);
      assert.equal(error.permissions, ['ADMIN']);
      await rejects(w.admin.createProject(p, { body: { id: 'new', name: 'New' } }), 'NoAccessError', /ADMIN/);
    }
    await rejects(
      w.admin.createApiKey(w.keys.client.principal, { body: { tokenName: 'x', type: 'admin' } }),
      'NoAccessError',
      /invalid token type/,
    );
  });

  test('client and frontend keys are refused by every admin operation with "invalid token type"', async () => {
    const frontend = await w.key({ type: 'frontend' });
    for (const p of [w.keys.client.principal, frontend.principal]) {
      await rejects(w.admin.listEvents(p), 'NoAccessError', /invalid token type/);
      await rejects(w.admin.listProjects(p), 'NoAccessError', /invalid token type/);
      await rejects(w.admin.getChangeRequest(p, { projectId: 'default', id: '1' }), 'NoAccessError', /invalid token type/);
      await rejects(w.admin.listOutdatedSdks(p, { projectId: 'default' }), 'NoAccessError', /invalid token type/);
      await rejects(w.admin.patchFeature(p, { projectId: 'default', featureName: 'x', patch: [] }), 'NoAccessError', /invalid token type/);
    }
  });

  test('admin keys are refused by the client operations (SDK traffic uses client keys only)', async () => {
    await rejects(w.admin.registerClient(w.keys.admin.principal, { body: { appName: 'a' } }), 'NoAccessError', /invalid token type/);
    await rejects(w.admin.recordMetrics(w.keys.admin.principal, { body: { appName: 'a', bucket: { toggles: {} } } }), 'NoAccessError');
  });

  test('reads never 403 for admin-type keys: a scoped key sees only its projects', async () => {
    await w.project('p1');
    await w.project('p2');
    const scoped = await w.key({ type: 'admin', role: 'viewer', projects: ['p1'] });
    const { projects } = await w.admin.listProjects(scoped.principal);
    assert.equal(
      projects.map((p) => p.id),
      ['p1'],
    );
    await rejects(w.admin.listOutdatedSdks(scoped.principal, { projectId: 'p2' }), 'NotFoundError');
    await rejects(w.admin.getFeature(scoped.principal, { projectId: 'p2', featureName: 'x' }), 'NotFoundError');
  });

  test('start-up keys: Unleash-shaped secrets become keys once; malformed ones are a clear error', async () => {
    const admin = `*:*.${'a'.repeat(64)}`;
    const client = `default:development.${'b'.repeat(64)}`;
    assert.is(await w.admin.ensureInitialKeys({ admin: [admin], client: [client] }), 2);
    assert.is(await w.admin.ensureInitialKeys({ admin: [admin], client: [client] }), 0, 'idempotent');
    const a = await w.admin.authenticate(admin);
    assert.equal([a.type, a.role, a.projects, a.environments], ['admin', 'admin', ['*'], ['*']]);
    const c = await w.admin.authenticate(`Bearer ${client}`);
    assert.equal([c.type, c.projects, c.environments], ['client', ['default'], ['development']]);
    let message = '';
    await w.admin.ensureInitialKeys({ admin: ['not-a-secret'] }).catch((e: Error) => (message = e.message));
    assert.match(message, /INIT_ADMIN_API_TOKENS entry 1/);
  });

  test("start-up keys in Unleash's shapes: 56 hex, a project scope, the compose file's insecure key; weak ones named", async () => {
    const hex56 = '0123456789abcdef'.repeat(4).slice(0, 56);
    const admin = `*:*.${hex56}`;
    const scoped = `default:development.${'fedcba9876543210'.repeat(4).slice(0, 56)}`;
    const compose = 'default:development.unleash-insecure-api-token';
    const input = { admin: [admin, '*:*.short'], client: [scoped, compose] };
    assert.is(await w.admin.ensureInitialKeys(input), 4);
    const a = await w.admin.authenticate(`Bearer ${admin}`);
    assert.equal([a.type, a.projects, a.environments], ['admin', ['*'], ['*']]);
    for (const secret of [scoped, compose]) {
      const c = await w.admin.authenticate(secret);
      assert.equal([c.type, c.projects, c.environments], ['client', ['default'], ['development']]);
    }
    assert.equal(
      parseInitialKeys(input).map((k) => k.weakness),
      [undefined, 'short', undefined, 'well-known'],
    );
    const warnings = weakInitialKeyWarnings(input);
    assert.is(warnings.length, 2, warnings.join('\n'));
    assert.match(warnings[0]!, /^INIT_ADMIN_API_TOKENS entry 2 is a weak secret \(shorter than 32 characters/);
    assert.match(warnings[1]!, /^INIT_CLIENT_API_TOKENS entry 2 is a weak secret \(a published example secret\)/);
    assert.not.match(warnings.join(' '), /short\b.*short|unleash-insecure/, 'never the secret');
    assert.equal(weakInitialKeyWarnings({ admin: [`*:*.${'ab'.repeat(32)}`] }).length, 1, 'few distinct characters');
  });

  test('a malformed start-up key is a SetupError (by name and code) and nothing is written', async () => {
    const events = await w.eventCount();
    for (const input of [{ admin: [`*:*.${'a'.repeat(64)}`, 'nope'] }, { client: [`*:*.${'b'.repeat(64)}`] }]) {
      let caught: unknown;
      await w.admin.ensureInitialKeys(input).catch((e: unknown) => (caught = e));
      assert.ok(isSetupError(caught), `expected a SetupError, got ${String(caught)}`);
      assert.is((caught as SetupError).name, 'SetupError');
      assert.is((caught as SetupError).code, 'INVALID_INITIAL_KEY');
    }
    assert.is(await w.eventCount(), events, 'no key created');
    assert.equal(parseInitialKeys({ client: [`p1:production.${'c'.repeat(64)}`] }), [
      {
        secret: `p1:production.${'c'.repeat(64)}`,
        type: 'client',
        name: 'init-client-token-1',
        project: 'p1',
        environment: 'production',
        weakness: 'repetitive',
      },
    ]);
  });

  test('header parsing and secret parsing', () => {
    assert.is(secretFromHeader('Bearer abc'), 'abc');
    assert.is(secretFromHeader(' abc '), 'abc');
    assert.is(secretFromHeader('Bearer'), 'Bearer', 'a bare word is a (wrong) key, not a crash');
    assert.is(secretFromHeader(''), undefined);
    assert.equal(parseSecret(`p1:production.${'f'.repeat(64)}`), { project: 'p1', environment: 'production', secretPart: 'f'.repeat(64) });
    assert.is(parseSecret(`p1:production.`), undefined);
    assert.is(parseSecret(`p1production.${'f'.repeat(64)}`), undefined);
    assert.is(parseSecret(`p1:production.has space`), undefined);
    assert.equal(
      parseSecret('*:dev.part.with.dots'),
      { project: '*', environment: 'dev', secretPart: 'part.with.dots' },
      'the environment ends at the first dot',
    );
  });
});
