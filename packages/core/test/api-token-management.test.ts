// Managing API keys as Unleash does: a key's expiry changed (updateApiToken), keys found by name
// (getApiTokensByName), `backend` as a client key type, and a project's own tokens (list, create,
// delete) scoped to that project. Against every storage; every refusal changes nothing.
import * as assert from 'uvu/assert';
import { assertSchema, DAY, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, T0, type World } from './helpers';

suiteForEachStorage('API token management', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.project('checkout');
    await w.project('billing');
  });

  const secretPart = (secret: string) => secret.slice(secret.indexOf('.') + 1);
  const events = async (type: string) => (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events.filter((e) => e.type === type);
  /** Every key as stored and the event count: what a refused call must leave as it was. */
  const state = async () => ({ keys: await w.storage.read((tx) => tx.list('apiKeys')), events: await w.eventCount() });
  const create = (body: Record<string, unknown>) =>
    w.admin.createApiKey(w.keys.admin.principal, { body: { tokenName: 'sdk', type: 'client', ...body } });

  test('updateApiKey: a new future expiry by id or by secret; the key works until then; one api-token-updated event without the secret', async () => {
    const key = await create({ tokenName: 'ci', expiresAt: new Date(T0 + DAY).toISOString() });
    const later = new Date(T0 + 3 * DAY).toISOString();
    const before = await w.eventCount();
    const updated = await w.admin.updateApiKey(w.keys.admin.principal, { token: String(key.id), body: { expiresAt: later } });
    assert.equal(updated, { ...updated, id: key.id, tokenName: 'ci', expiresAt: later });
    assert.not.ok('secret' in updated, 'no secret in the answer');
    assertSchema('apiToken', updated);
    assert.is(await w.eventCount(), before + 1);
    const [event] = await events('api-token-updated');
    assert.equal(
      [
        event!.project,
        event!.createdBy,
        (event!.preData as { expiresAt: string }).expiresAt,
        (event!.data as { expiresAt: string }).expiresAt,
      ],
      [null, 'admin-key', new Date(T0 + DAY).toISOString(), later],
    );
    assert.not.ok(JSON.stringify(event).includes(secretPart(key.secret)), 'no secret in the event');
    w.clock.ms = T0 + 2 * DAY;
    await w.admin.authenticate(key.secret);
    w.clock.ms = T0 + 3 * DAY;
    await rejects(w.admin.authenticate(key.secret), 'AuthenticationRequired');
    // By secret (Unleash's path), on a key that never expired; an offset is stored as the instant.
    const forever = await create({ tokenName: 'forever' });
    w.clock.ms = T0;
    await w.admin.updateApiKey(w.keys.admin.principal, { token: forever.secret, body: { expiresAt: '2026-01-05T02:00:00+02:00' } });
    const listed = (await w.admin.listApiKeys(SYSTEM_PRINCIPAL)).tokens.find((t) => t.id === forever.id);
    assert.is(listed?.expiresAt, '2026-01-05T00:00:00.000Z');
  });

  test('updateApiKey: the same expiry again is no change (no event)', async () => {
    const expiresAt = new Date(T0 + DAY).toISOString();
    const key = await create({ expiresAt });
    const before = await state();
    await w.admin.updateApiKey(w.keys.admin.principal, { token: String(key.id), body: { expiresAt } });
    assert.equal(await state(), before);
  });

  test('updateApiKey refusals: past, malformed or missing expiry 400; unknown or deleted key 404; not ADMIN 403; nothing changes', async () => {
    const key = await create({});
    const gone = await create({ tokenName: 'gone' });
    await w.admin.deleteApiKey(SYSTEM_PRINCIPAL, { token: String(gone.id) });
    const before = await state();
    const future = new Date(T0 + DAY).toISOString();
    for (const body of [
      { expiresAt: new Date(T0).toISOString() },
      { expiresAt: new Date(T0 - DAY).toISOString() },
      { expiresAt: '2099-01-01T99:00:00Z' },
      { expiresAt: 'tomorrow' },
      { expiresAt: null },
      {},
      { expiresAt: future, tokenName: 'renamed' },
      [future],
    ]) {
      await rejects(w.admin.updateApiKey(w.keys.admin.principal, { token: String(key.id), body }), 'BadDataError');
    }
    for (const token of [String(gone.id), gone.secret, '9999', `*:*.${'0'.repeat(64)}`, '0', '__proto__']) {
      await rejects(w.admin.updateApiKey(w.keys.admin.principal, { token, body: { expiresAt: future } }), 'NotFoundError');
    }
    for (const p of [w.keys.editor.principal, w.keys.viewer.principal]) {
      await rejects(w.admin.updateApiKey(p, { token: String(key.id), body: { expiresAt: future } }), 'NoAccessError', /ADMIN/);
    }
    await rejects(
      w.admin.updateApiKey(w.keys.client.principal, { token: String(key.id), body: { expiresAt: future } }),
      'NoAccessError',
      /invalid token type/,
    );
    assert.equal(await state(), before);
  });

  test('listApiKeysByName: every live key of that name by id (expired ones too), never a secret; none is an empty list; ADMIN only', async () => {
    const first = await create({ tokenName: 'terraform-web', expiresAt: new Date(T0 + DAY).toISOString() });
    const second = await create({ tokenName: 'terraform-web', type: 'frontend' });
    const deleted = await create({ tokenName: 'terraform-web' });
    await create({ tokenName: 'terraform-web-2' });
    await w.admin.deleteApiKey(SYSTEM_PRINCIPAL, { token: String(deleted.id) });
    w.clock.ms = T0 + 2 * DAY;
    const found = await w.admin.listApiKeysByName(w.keys.admin.principal, { name: 'terraform-web' });
    assertSchema('apiTokens', found);
    assert.equal(
      found.tokens.map((t) => [t.id, t.type]),
      [
        [first.id, 'client'],
        [second.id, 'frontend'],
      ],
    );
    const text = JSON.stringify(found);
    for (const key of [first, second]) assert.not.ok(text.includes(secretPart(key.secret)), 'no secret');
    assert.equal(await w.admin.listApiKeysByName(w.keys.admin.principal, { name: 'nobody' }), { tokens: [] });
    assert.equal(await w.admin.listApiKeysByName(w.keys.admin.principal, { name: '__proto__' }), { tokens: [] });
    for (const p of [w.keys.editor.principal, w.keys.viewer.principal]) {
      await rejects(w.admin.listApiKeysByName(p, { name: 'terraform-web' }), 'NoAccessError', /ADMIN/);
    }
  });

  test("backend: Unleash's current name for a client key, stored and answered as backend, reads the client API", async () => {
    const before = await w.eventCount();
    for (const type of ['backend', 'BACKEND']) {
      const key = await create({ tokenName: `be-${type}`, type, environment: 'production' });
      assert.equal([key.type, key.role, key.environment], ['backend', null, 'production']);
      assertSchema('apiToken', key);
      const principal = await w.admin.authenticate(key.secret);
      assert.is(principal.type, 'backend');
      await w.admin.getClientFeatures(principal);
      await rejects(w.admin.listProjects(principal), 'NoAccessError', /invalid token type/);
    }
    assert.is(await w.eventCount(), before + 2);
    const listed = (await w.admin.listApiKeysByName(SYSTEM_PRINCIPAL, { name: 'be-backend' })).tokens;
    assert.equal(
      listed.map((t) => t.type),
      ['backend'],
    );
  });

  test('start-up backend keys (INIT_BACKEND_API_TOKENS) are backend keys; one for every environment is a SetupError', async () => {
    const secret = `checkout:development.${'0123456789abcdef'.repeat(4)}`;
    assert.is(await w.admin.ensureInitialKeys({ backend: [secret] }), 1);
    const principal = await w.admin.authenticate(secret);
    assert.equal([principal.type, principal.name, principal.projects], ['backend', 'init-backend-token-1', ['checkout']]);
    await w.admin.getClientFeatures(principal);
    let caught: unknown;
    try {
      await w.admin.ensureInitialKeys({ backend: [`*:*.${'0123456789abcdef'.repeat(4)}`] });
    } catch (error) {
      caught = error;
    }
    assert.match(String((caught as Error).message), /INIT_BACKEND_API_TOKENS entry 1: a backend key names one environment/);
  });

  test("project tokens: an editor of the project creates one (the path's project, the secret once), lists and deletes it", async () => {
    const editor = await w.key({ tokenName: 'checkout-editor', type: 'admin', role: 'editor', projects: ['checkout'] });
    const created = await w.admin.createProjectApiKey(editor.principal, {
      projectId: 'checkout',
      body: { tokenName: 'checkout-web', type: 'backend', environment: 'production', expiresAt: new Date(T0 + DAY).toISOString() },
    });
    assertSchema('apiToken', created);
    assert.equal(
      [created.type, created.projects, created.project, created.environment, created.role],
      ['backend', ['checkout'], 'checkout', 'production', null],
    );
    assert.match(created.secret, /^checkout:production\.[0-9a-f]{64}$/);
    const [event] = (await events('api-token-created')).filter((e) => (e.data as { id: number }).id === created.id);
    assert.equal([event!.createdBy, event!.project], ['checkout-editor', null]);
    assert.not.ok(JSON.stringify(event).includes(secretPart(created.secret)));
    const principal = await w.admin.authenticate(created.secret);
    assert.equal(principal.projects, ['checkout']);

    // The list: this project's client, backend and frontend keys; not admin keys, `*` keys or other projects' keys.
    const frontend = await create({ tokenName: 'fe', type: 'frontend', projects: ['checkout'] });
    const both = await create({ tokenName: 'both', projects: ['checkout', 'billing'] });
    await create({ tokenName: 'billing-only', projects: ['billing'] });
    await create({ tokenName: 'everywhere' });
    await w.key({ tokenName: 'checkout-admin', type: 'admin', projects: ['checkout'] });
    const { tokens } = await w.admin.listProjectApiKeys(editor.principal, { projectId: 'checkout' });
    assert.equal(
      tokens.map((t) => t.tokenName),
      ['checkout-web', 'fe', 'both'],
    );
    assert.not.ok(JSON.stringify(tokens).includes(secretPart(created.secret)), 'no secret listed');
    assert.not.ok('secret' in tokens[0]!);

    await w.admin.deleteProjectApiKey(editor.principal, { projectId: 'checkout', token: String(created.id) });
    await rejects(w.admin.authenticate(created.secret), 'AuthenticationRequired');
    await w.admin.deleteProjectApiKey(w.keys.admin.principal, { projectId: 'checkout', token: frontend.secret });
    assert.equal(
      (await w.admin.listProjectApiKeys(editor.principal, { projectId: 'checkout' })).tokens.map((t) => t.id),
      [both.id],
    );
    assert.is((await events('api-token-deleted')).length, 2);
  });

  test('project tokens refused: scope, role, bodies, other keys; nothing changes', async () => {
    const editor = await w.key({ tokenName: 'checkout-editor', type: 'admin', role: 'editor', projects: ['checkout'] });
    const viewer = await w.key({ tokenName: 'checkout-viewer', type: 'admin', role: 'viewer', projects: ['checkout'] });
    const billingKey = await create({ tokenName: 'billing-only', projects: ['billing'] });
    const both = await create({ tokenName: 'both', projects: ['checkout', 'billing'] });
    const everywhere = await create({ tokenName: 'everywhere' });
    const before = await state();
    const body = { tokenName: 't', type: 'client' };
    const createIn = (p: typeof editor.principal, projectId: string, b: unknown = body) =>
      w.admin.createProjectApiKey(p, { projectId, body: b });

    // A key scoped elsewhere: 403 on writes (as every write), 404 on the list (as every read).
    await rejects(createIn(editor.principal, 'billing'), 'NoAccessError', /CREATE_PROJECT_API_TOKEN/);
    await rejects(
      w.admin.deleteProjectApiKey(editor.principal, { projectId: 'billing', token: String(billingKey.id) }),
      'NoAccessError',
      /DELETE_PROJECT_API_TOKEN/,
    );
    await rejects(w.admin.listProjectApiKeys(editor.principal, { projectId: 'billing' }), 'NotFoundError');
    // A viewer: 403 naming Unleash's permission.
    await rejects(createIn(viewer.principal, 'checkout'), 'NoAccessError', /CREATE_PROJECT_API_TOKEN/);
    await rejects(w.admin.listProjectApiKeys(viewer.principal, { projectId: 'checkout' }), 'NoAccessError', /READ_PROJECT_API_TOKEN/);
    await rejects(
      w.admin.deleteProjectApiKey(viewer.principal, { projectId: 'checkout', token: String(both.id) }),
      'NoAccessError',
      /DELETE_PROJECT_API_TOKEN/,
    );
    await rejects(createIn(w.keys.client.principal, 'checkout'), 'NoAccessError', /invalid token type/);
    // Unknown project: 404.
    await rejects(createIn(w.keys.admin.principal, 'nope'), 'NotFoundError');
    await rejects(w.admin.listProjectApiKeys(w.keys.admin.principal, { projectId: 'nope' }), 'NotFoundError');
    await rejects(w.admin.deleteProjectApiKey(w.keys.admin.principal, { projectId: 'nope', token: '1' }), 'NotFoundError');
    // Bad bodies: 400.
    for (const bad of [
      { ...body, type: 'admin' },
      { ...body, role: 'admin' },
      { ...body, projects: ['billing'] },
      { ...body, projects: ['checkout', 'billing'] },
      { ...body, project: 'billing' },
      { ...body, environment: 'nowhere' },
      { ...body, expiresAt: new Date(T0).toISOString() },
      { tokenName: '', type: 'client' },
      { type: 'client' },
    ]) {
      await rejects(createIn(w.keys.admin.principal, 'checkout', bad), 'BadDataError');
    }
    // Keys that are not this project's own: 404 (not its token) or 400 (also another project's), as Unleash.
    for (const token of [String(billingKey.id), billingKey.secret, String(everywhere.id), String(w.keys.admin.principal.id), '9999']) {
      await rejects(w.admin.deleteProjectApiKey(w.keys.admin.principal, { projectId: 'checkout', token }), 'NotFoundError');
    }
    await rejects(w.admin.deleteProjectApiKey(editor.principal, { projectId: 'checkout', token: String(both.id) }), 'BadDataError');
    assert.equal(await state(), before);
    // The project's token named in the body as Unleash's page sends it is accepted.
    const ok = await createIn(editor.principal, 'checkout', { ...body, projects: ['checkout'] });
    assert.equal(ok.projects, ['checkout']);
  });
});
