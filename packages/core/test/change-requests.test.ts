import * as assert from 'uvu/assert';
import { assertSchema, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('change requests', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.project('p1');
    await w.feature('f1', {}, 'p1');
    await w.feature('f2', {}, 'p1');
  });

  const add = (body: unknown, principal = w.keys.editor.principal, environment = 'production', projectId = 'p1') =>
    w.admin.addChangeRequestChanges(principal, { projectId, environment, body });

  test("adding changes creates the caller's Draft, then adds to it; GET returns it", async () => {
    const first = await add({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } });
    assert.is(first.created, true);
    const cr = first.changeRequest;
    assertSchema('changeRequest', cr);
    assert.equal(
      [cr.state, cr.minApprovals, cr.environment, cr.project, cr.createdBy.username],
      ['Draft', 1, 'production', 'p1', 'editor-key'],
    );
    const second = await add([
      { feature: 'f1', action: 'addStrategy', payload: { name: 'flexibleRollout', parameters: {} } },
      { feature: 'f2', action: 'archiveFeature', payload: {} },
    ]);
    assert.is(second.created, false);
    assert.is(second.changeRequest.id, cr.id);
    await rejects(w.admin.getChangeRequest(w.keys.viewer.principal, { projectId: 'p1', id: String(cr.id) }), 'NotFoundError');
    const read = await w.admin.getChangeRequest(w.keys.admin.principal, { projectId: 'p1', id: String(cr.id) });
    assertSchema('changeRequest', read);
    assert.equal(
      read.features.map((f) => [f.name, f.changes.map((c) => c.action)]),
      [
        ['f1', ['updateEnabled', 'addStrategy']],
        ['f2', ['archiveFeature']],
      ],
    );
    const ids = read.features.flatMap((f) => f.changes.map((c) => c.id));
    assert.is(new Set(ids).size, 3, 'change ids are unique');
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL, { project: 'p1' });
    assert.equal(
      events
        .filter((e) => e.type.startsWith('change'))
        .map((e) => e.type)
        .reverse(),
      ['change-request-created', 'change-added', 'change-added', 'change-added'],
    );
  });

  test('a request stored before changes kept their target versions is still read (conflicts only from an archived feature)', async () => {
    const by = { id: 1, username: 'admin-key', imageUrl: '' };
    const change = (id: number) => ({
      id,
      action: 'updateEnabled',
      payload: { enabled: true },
      createdBy: by,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await w.storage.write(async (tx) => {
      await tx.put('changeRequests', {
        id: 7,
        title: 'Change request #7',
        environment: 'production',
        minApprovals: 1,
        project: 'p1',
        features: [
          { name: 'f1', changes: [change(1)] },
          { name: 'gone', changes: [change(2)] },
        ],
        segments: [],
        approvals: [],
        rejections: [],
        comments: [],
        createdBy: by,
        createdAt: '2026-01-01T00:00:00.000Z',
        state: 'In review',
      } as never);
    });
    const read = await w.admin.getChangeRequest(w.keys.admin.principal, { projectId: 'p1', id: '7' });
    assert.equal(
      read.features.map((f) => [f.name, f.changes.map((c) => c.id)]),
      [
        ['f1', [1]],
        ['gone', [2]],
      ],
    );
    assert.equal(
      read.features.map((f) => Boolean(f.conflict)),
      [false, true],
    );
  });

  test('another caller or another environment gets its own draft', async () => {
    const a = await add({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } });
    const b = await add({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } }, w.keys.admin.principal);
    const c = await add({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } }, w.keys.editor.principal, 'development');
    assert.is(new Set([a.changeRequest.id, b.changeRequest.id, c.changeRequest.id]).size, 3);
  });

  test('404 for another project, an unknown id and a non-numeric id', async () => {
    const { changeRequest } = await add({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } });
    await w.project('p2');
    await rejects(w.admin.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'p2', id: String(changeRequest.id) }), 'NotFoundError');
    await rejects(w.admin.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'p1', id: '999' }), 'NotFoundError');
    for (const id of ['abc', '1.5', '-1', '0', '01', '1e3', '']) {
      await rejects(w.admin.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'p1', id }), 'NotFoundError');
    }
    const scoped = await w.key({ type: 'admin', role: 'viewer', projects: ['p2'] });
    await rejects(w.admin.getChangeRequest(scoped.principal, { projectId: 'p1', id: String(changeRequest.id) }), 'NotFoundError');
  });

  test('unknown feature 404, other action 400, viewer 403, environment outside scope 403; nothing written', async () => {
    await w.feature('elsewhere');
    const before = await w.eventCount();
    await rejects(add({ feature: 'nope', action: 'updateEnabled', payload: { enabled: true } }), 'NotFoundError');
    await rejects(add({ feature: 'elsewhere', action: 'updateEnabled', payload: { enabled: true } }), 'NotFoundError');
    await rejects(add({ feature: 'f1', action: 'dropDatabase', payload: {} }), 'BadDataError');
    await rejects(add({ feature: 'f1', action: 'updateEnabled' }), 'BadDataError');
    await rejects(add({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } }, w.keys.viewer.principal), 'NoAccessError');
    const devOnly = await w.key({ type: 'admin', role: 'editor', environment: 'development' });
    const afterKey = await w.eventCount();
    await rejects(
      add({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } }, devOnly.principal),
      'NoAccessError',
      /production/,
    );
    await rejects(
      add({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } }, SYSTEM_PRINCIPAL, 'staging'),
      'NotFoundError',
    );
    assert.is(await w.eventCount(), afterKey);
    assert.is(afterKey, before + 1, 'only the key creation');
  });
});
