// The life of an API key: listed without secrets, deleted by id or by secret (401 from then on, one
// event), expiring at `expiresAt` on the injected clock. Against every storage.
import * as assert from 'uvu/assert';
import { DAY, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, T0, type World } from './helpers';

suiteForEachStorage('API key life', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
  });

  const secretPart = (secret: string) => secret.slice(secret.indexOf('.') + 1);
  const events = async (type: string) => (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events.filter((e) => e.type === type);

  test('listing: every key by id, with its scope and expiry, never a secret or its hash; ADMIN only', async () => {
    const { tokens } = await w.admin.listApiKeys(w.keys.admin.principal);
    assert.equal(
      tokens.map((t) => t.tokenName),
      ['admin-key', 'editor-key', 'viewer-key', 'client-key'],
    );
    assert.equal(tokens[3], { ...tokens[3]!, type: 'client', environment: 'development', projects: ['*'], expiresAt: null });
    const text = JSON.stringify(tokens);
    const stored = await w.storage.read((tx) => tx.list('apiKeys'));
    for (const key of Object.values(w.keys)) assert.not.ok(text.includes(secretPart(key.secret)), 'no secret');
    for (const key of stored) assert.not.ok(text.includes(key.secretHash), 'no hash');
    for (const p of [w.keys.editor.principal, w.keys.viewer.principal]) await rejects(w.admin.listApiKeys(p), 'NoAccessError', /ADMIN/);
    await rejects(w.admin.listApiKeys(w.keys.client.principal), 'NoAccessError', /invalid token type/);
  });

  test('deleting by id: the next authentication is a 401, the key is no longer listed, one event without the secret', async () => {
    const doomed = await w.key({ tokenName: 'doomed', type: 'client', environment: 'production' });
    await w.admin.authenticate(doomed.secret);
    const before = await w.eventCount();
    await w.admin.deleteApiKey(w.keys.admin.principal, { token: String(doomed.principal.id) });
    await rejects(w.admin.authenticate(doomed.secret), 'AuthenticationRequired');
    assert.not.ok((await w.admin.listApiKeys(SYSTEM_PRINCIPAL)).tokens.some((t) => t.id === doomed.principal.id));
    assert.is(await w.eventCount(), before + 1);
    const [event] = await events('api-token-deleted');
    assert.equal([event!.project, (event!.preData as { id: number; tokenName: string }).tokenName], [null, 'doomed']);
    assert.is(event!.createdBy, 'admin-key');
    assert.not.ok(JSON.stringify(event).includes(secretPart(doomed.secret)));
    const stored = JSON.stringify(await w.storage.read((tx) => tx.list('apiKeys')));
    assert.not.ok(stored.includes(secretPart(doomed.secret)), 'no secret at rest');
  });

  test("deleting by secret (Unleash's path); a second delete and an unknown key are 404 and change nothing", async () => {
    const doomed = await w.key({ type: 'admin', role: 'editor' });
    await w.admin.deleteApiKey(w.keys.admin.principal, { token: doomed.secret });
    await rejects(w.admin.authenticate(`Bearer ${doomed.secret}`), 'AuthenticationRequired');
    const count = await w.eventCount();
    for (const token of [doomed.secret, String(doomed.principal.id), '9999', `*:*.${'0'.repeat(64)}`, '0', '01', '__proto__']) {
      await rejects(w.admin.deleteApiKey(w.keys.admin.principal, { token }), 'NotFoundError');
    }
    await rejects(w.admin.deleteApiKey(w.keys.editor.principal, { token: String(w.keys.viewer.principal.id) }), 'NoAccessError');
    assert.is(await w.eventCount(), count, 'no event');
    await w.admin.authenticate(w.keys.viewer.secret);
  });

  test('a deleted start-up key stays revoked when the same start-up keys are ensured again', async () => {
    const secret = `*:*.${'0123456789abcdef'.repeat(4)}`;
    await w.admin.ensureInitialKeys({ admin: [secret] });
    await w.admin.deleteApiKey(SYSTEM_PRINCIPAL, { token: secret });
    assert.is(await w.admin.ensureInitialKeys({ admin: [secret] }), 0);
    await rejects(w.admin.authenticate(secret), 'AuthenticationRequired');
  });

  test('expiresAt: the key works until that instant on the clock, then is a 401; still listed with it', async () => {
    const expiresAt = new Date(T0 + DAY).toISOString();
    const created = await w.admin.createApiKey(w.keys.admin.principal, { body: { tokenName: 'day', type: 'client', expiresAt } });
    assert.is(created.expiresAt, expiresAt);
    const [event] = await events('api-token-created').then((list) => list.filter((e) => (e.data as { id: number }).id === created.id));
    assert.is((event!.data as { expiresAt: string }).expiresAt, expiresAt);
    w.clock.ms = T0 + DAY - 1;
    await w.admin.authenticate(created.secret);
    w.clock.ms = T0 + DAY;
    await rejects(w.admin.authenticate(created.secret), 'AuthenticationRequired');
    const listed = (await w.admin.listApiKeys(SYSTEM_PRINCIPAL)).tokens.find((t) => t.id === created.id);
    assert.is(listed?.expiresAt, expiresAt);
    await w.admin.authenticate(w.keys.admin.secret);
  });

  test('expiresAt in the past or malformed is a 400 and creates nothing', async () => {
    const count = await w.eventCount();
    for (const expiresAt of [new Date(T0).toISOString(), new Date(T0 - DAY).toISOString(), 'tomorrow', '2026-13-45T99:00:00Z', 42]) {
      await rejects(w.admin.createApiKey(w.keys.admin.principal, { body: { tokenName: 'x', type: 'client', expiresAt } }), 'BadDataError');
    }
    assert.is(await w.eventCount(), count);
    assert.is((await w.admin.listApiKeys(SYSTEM_PRINCIPAL)).tokens.length, 4);
  });
});
