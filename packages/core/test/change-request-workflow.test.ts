import * as assert from 'uvu/assert';
import type { PermissionDetail, Principal } from '@flagadmin/core';
import { assertSchema, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('change requests: settings, states, who may move them', (test, world) => {
  let w: World;
  let editor2: Principal;
  test.before.each(async () => {
    w = await world();
    await w.project('p1');
    await w.feature('f1', {}, 'p1');
    editor2 = (await w.key({ tokenName: 'editor-2', type: 'admin', role: 'editor' })).principal;
  });

  const config = (body: unknown, environment = 'production', principal = w.keys.admin.principal) =>
    w.admin.updateChangeRequestConfig(principal, { projectId: 'p1', environment, body });
  const draft = async (principal = w.keys.editor.principal) =>
    (
      await w.admin.addChangeRequestChanges(principal, {
        projectId: 'p1',
        environment: 'production',
        body: { feature: 'f1', action: 'updateEnabled', payload: { enabled: true } },
      })
    ).changeRequest;
  const move = (id: number, body: Record<string, unknown>, principal: Principal) =>
    w.admin.updateChangeRequestState(principal, { projectId: 'p1', id, body });
  const get = (id: number, principal: Principal = SYSTEM_PRINCIPAL) => w.admin.getChangeRequest(principal, { projectId: 'p1', id });
  const eventTypes = async () => (await w.admin.listEvents(SYSTEM_PRINCIPAL, { project: 'p1' })).events.map((e) => e.type).reverse();

  test('settings: ADMIN turns them on per environment; GET lists every environment; one event; minApprovals copied at creation', async () => {
    await rejects(config({ changeRequestsEnabled: true }, 'production', w.keys.editor.principal), 'NoAccessError', /ADMIN/);
    await rejects(config({ changeRequestsEnabled: true, requiredApprovals: 11 }), 'BadDataError');
    await rejects(config({ changeRequestsEnabled: true }, 'staging'), 'NotFoundError');
    await config({ changeRequestsEnabled: true, requiredApprovals: 2 });
    await config({ changeRequestsEnabled: true, requiredApprovals: 2 });
    const listed = await w.admin.getChangeRequestConfig(w.keys.viewer.principal, { projectId: 'p1' });
    assertSchema('changeRequestConfig', listed);
    assert.equal(listed, [
      { environment: 'development', type: 'development', changeRequestEnabled: false, requiredApprovals: 1 },
      { environment: 'production', type: 'production', changeRequestEnabled: true, requiredApprovals: 2 },
    ]);
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL, { project: 'p1' });
    assert.is(events.filter((e) => e.type === 'change-request-configuration-updated').length, 1, 'the same settings again: no event');
    const cr = await draft();
    await config({ changeRequestsEnabled: true, requiredApprovals: 3 });
    assert.is((await get(cr.id)).minApprovals, 2, 'a request keeps the approvals it was created with');
  });

  test('while enabled, direct changes to that environment need SKIP_CHANGE_REQUEST (admin keys); metadata and other environments are not affected', async () => {
    await config({ changeRequestsEnabled: true });
    const at = (environment: string) => ({ projectId: 'p1', featureName: 'f1', environment });
    const before = await w.eventCount();
    const denied = await rejects(
      w.admin.toggleEnvironment(w.keys.editor.principal, { ...at('production'), enabled: true }),
      'NoAccessError',
      /SKIP_CHANGE_REQUEST/,
    );
    assert.equal(denied.permissions, ['SKIP_CHANGE_REQUEST']);
    const [detail] = denied.details as PermissionDetail[];
    assert.equal([detail!.permission, detail!.project, detail!.environment], ['SKIP_CHANGE_REQUEST', 'p1', 'production']);
    await rejects(
      w.admin.addStrategy(w.keys.editor.principal, { ...at('production'), body: { name: 'default' } }),
      'NoAccessError',
      /SKIP_CHANGE_REQUEST/,
    );
    await rejects(
      w.admin.putEnvironmentVariants(w.keys.editor.principal, { ...at('production'), body: [] }),
      'NoAccessError',
      /SKIP_CHANGE_REQUEST/,
    );
    const patch = [{ op: 'replace', path: '/environments/1/enabled', value: true }];
    await rejects(
      w.admin.patchFeature(w.keys.editor.principal, { projectId: 'p1', featureName: 'f1', patch }),
      'NoAccessError',
      /SKIP_CHANGE_REQUEST/,
    );
    assert.is(await w.eventCount(), before, 'nothing written');
    await w.admin.patchFeature(w.keys.editor.principal, {
      projectId: 'p1',
      featureName: 'f1',
      patch: [{ op: 'replace', path: '/description', value: 'd' }],
    });
    await w.admin.toggleEnvironment(w.keys.editor.principal, { ...at('development'), enabled: true });
    await w.admin.toggleEnvironment(w.keys.admin.principal, { ...at('production'), enabled: true });
    const f1 = await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'p1', featureName: 'f1' });
    assert.equal([f1.feature.description, f1.feature.environments.map((e) => e.enabled)], ['d', [true, true]]);
  });

  test('every transition allowed, by whom; approvals one per key, minApprovals 2 needs two keys; closed requests never move again', async () => {
    await config({ changeRequestsEnabled: true, requiredApprovals: 2 });
    const cr = await draft();
    assert.is(cr.minApprovals, 2);
    await rejects(move(cr.id, { state: 'Approved' }, editor2), 'NotFoundError', /change request/);
    await rejects(move(cr.id, { state: 'Approved' }, w.keys.admin.principal), 'ConflictError', /Draft/);
    await rejects(move(cr.id, { state: 'In review' }, w.keys.admin.principal), 'NoAccessError', /author/);
    await rejects(move(cr.id, { state: 'Cancelled' }, w.keys.editor.principal), 'ConflictError', /Draft/);
    assert.is((await move(cr.id, { state: 'In review' }, w.keys.editor.principal)).state, 'In review');
    await rejects(move(cr.id, { state: 'In review' }, w.keys.editor.principal), 'ConflictError', /In review/);
    await rejects(move(cr.id, { state: 'Approved' }, w.keys.editor.principal), 'NoAccessError', /own change request/);
    await rejects(move(cr.id, { state: 'Approved' }, w.keys.viewer.principal), 'NoAccessError');
    const devOnly = (await w.key({ type: 'admin', role: 'editor', environment: 'development' })).principal;
    await rejects(move(cr.id, { state: 'Approved' }, devOnly), 'NoAccessError', /production/);
    await rejects(move(cr.id, { state: 'Applied' }, w.keys.admin.principal), 'ConflictError', /In review/);
    const once = await move(cr.id, { state: 'Approved', comment: 'looks right' }, editor2);
    assert.equal([once.state, once.approvals.length, once.comments.map((c) => c.text)], ['In review', 1, ['looks right']]);
    await rejects(move(cr.id, { state: 'Approved' }, editor2), 'ConflictError', /one approval per key/);
    const twice = await move(cr.id, { state: 'Approved' }, w.keys.admin.principal);
    assert.equal([twice.state, twice.approvals.map((a) => a.createdBy.username)], ['Approved', ['editor-2', 'admin-key']]);
    assertSchema('changeRequest', twice);
    const applied = await move(cr.id, { state: 'Applied' }, w.keys.editor.principal);
    assert.is(applied.state, 'Applied');
    for (const state of ['Draft', 'In review', 'Approved', 'Applied', 'Cancelled', 'Rejected']) {
      await rejects(move(cr.id, { state }, w.keys.admin.principal), 'ConflictError', /Applied \(closed/);
    }
    await rejects(
      w.admin.addChangeRequestComment(w.keys.admin.principal, { projectId: 'p1', id: cr.id, body: { text: 'late' } }),
      'ConflictError',
    );
    assert.equal(
      (await eventTypes()).filter((t) => t.startsWith('change')),
      [
        'change-request-configuration-updated',
        'change-request-created',
        'change-added',
        'change-request-sent-to-review',
        'change-request-approval-added',
        'change-request-approval-added',
        'change-request-approved',
        'change-request-applied',
      ],
    );
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL, { project: 'p1' });
    for (const e of events.filter((x) => x.type.startsWith('change-') && x.type !== 'change-request-configuration-updated'))
      assert.is((e.data as { changeRequestId: number }).changeRequestId, cr.id, e.type);
  });

  test('an author may approve their own request only with an admin key; reject and cancel close it', async () => {
    const own = await draft(w.keys.admin.principal);
    await move(own.id, { state: 'In review' }, w.keys.admin.principal);
    assert.is((await move(own.id, { state: 'Approved' }, w.keys.admin.principal)).state, 'Approved');
    const rejected = await move(own.id, { state: 'Rejected', comment: 'no' }, editor2);
    assert.equal([rejected.state, rejected.rejections.length], ['Rejected', 1]);
    await rejects(move(own.id, { state: 'Cancelled' }, w.keys.admin.principal), 'ConflictError', /Rejected/);

    const other = await draft();
    await move(other.id, { state: 'In review' }, w.keys.editor.principal);
    await rejects(move(other.id, { state: 'Cancelled' }, editor2), 'NoAccessError', /author/);
    assert.is((await move(other.id, { state: 'Cancelled' }, w.keys.admin.principal)).state, 'Cancelled', 'an admin key may cancel');
    const third = (
      await w.admin.addChangeRequestChanges(w.keys.editor.principal, {
        projectId: 'p1',
        environment: 'development',
        body: { feature: 'f1', action: 'updateEnabled', payload: { enabled: true } },
      })
    ).changeRequest;
    await w.admin.updateChangeRequestState(w.keys.editor.principal, { projectId: 'p1', id: third.id, body: { state: 'In review' } });
    assert.is(
      (await w.admin.updateChangeRequestState(w.keys.editor.principal, { projectId: 'p1', id: third.id, body: { state: 'Cancelled' } }))
        .state,
      'Cancelled',
      'the author may cancel',
    );
  });

  test('editing or discarding a change of a request under review returns it to In review and clears its approvals', async () => {
    const cr = await draft();
    await w.admin.addChangeRequestChanges(w.keys.editor.principal, {
      projectId: 'p1',
      environment: 'production',
      body: { feature: 'f1', action: 'addStrategy', payload: { name: 'default' } },
    });
    await move(cr.id, { state: 'In review' }, w.keys.editor.principal);
    assert.is((await move(cr.id, { state: 'Approved' }, editor2)).state, 'Approved');
    const [first, second] = (await get(cr.id)).features[0]!.changes;
    const edit = (changeId: number, body: unknown, principal = w.keys.editor.principal) =>
      w.admin.updateChangeRequestChange(principal, { projectId: 'p1', id: cr.id, changeId: String(changeId), body });
    await rejects(edit(first!.id, { action: 'updateEnabled', payload: { enabled: false } }, editor2), 'NoAccessError', /author/);
    await rejects(edit(first!.id, { action: 'updateEnabled', payload: { enabled: 'no' } }), 'BadDataError', /payload/);
    await rejects(edit(999, { action: 'updateEnabled', payload: { enabled: false } }), 'NotFoundError');
    const edited = await edit(first!.id, { action: 'updateEnabled', payload: { enabled: false } });
    assert.equal([edited.state, edited.approvals, edited.features[0]!.changes[0]!.payload], ['In review', [], { enabled: false }]);
    await move(cr.id, { state: 'Approved' }, editor2);
    const discarded = await w.admin.deleteChangeRequestChange(w.keys.editor.principal, {
      projectId: 'p1',
      id: cr.id,
      changeId: String(second!.id),
    });
    assert.equal(
      [discarded.state, discarded.approvals, discarded.features[0]!.changes.map((c) => c.action)],
      ['In review', [], ['updateEnabled']],
    );
    const types = await eventTypes();
    assert.ok(types.includes('change-edited') && types.includes('change-discarded'));
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL, { project: 'p1' });
    assert.is((events.find((e) => e.type === 'change-edited')!.data as { approvalsCleared: number }).approvalsCleared, 1);
  });

  test("an edit may carry the change's own feature (Unleash's UI sends {feature, action, payload}); another feature is a 400 naming it, nothing changed", async () => {
    await w.feature('f2', {}, 'p1');
    const cr = await draft();
    const segment = await w.admin.createSegment(SYSTEM_PRINCIPAL, { body: { name: 'beta', project: 'p1', constraints: [] } });
    const segmentBody = { action: 'updateSegment', payload: { id: segment.id, name: 'beta-2', project: 'p1', constraints: [] } };
    await w.admin.addChangeRequestChanges(w.keys.editor.principal, { projectId: 'p1', environment: 'production', body: segmentBody });
    const before = await get(cr.id);
    const [change] = before.features[0]!.changes;
    const segmentChange = before.segments[0]!;
    const edit = (changeId: number, body: unknown) =>
      w.admin.updateChangeRequestChange(w.keys.editor.principal, { projectId: 'p1', id: cr.id, changeId: String(changeId), body });
    const count = await w.eventCount();
    const other = await rejects(
      edit(change!.id, { feature: 'f2', action: 'updateEnabled', payload: { enabled: false } }),
      'BadDataError',
      /f1.*f2|f2.*f1/,
    );
    assert.equal(
      other.details!.map((d) => d.path),
      ['/feature'],
    );
    await rejects(edit(change!.id, { feature: null, action: 'updateEnabled', payload: { enabled: false } }), 'BadDataError', /feature/);
    await rejects(edit(segmentChange.id, { ...segmentBody, feature: 'f1' }), 'BadDataError', /f1/);
    assert.equal(await get(cr.id), before, 'the request is unchanged');
    assert.is(await w.eventCount(), count, 'no event');
    const edited = await edit(change!.id, { feature: 'f1', action: 'updateEnabled', payload: { enabled: false } });
    assert.equal(edited.features[0]!.changes[0]!.payload, { enabled: false });
    const segmentEdited = await edit(segmentChange.id, {
      ...segmentBody,
      feature: null,
      payload: { ...segmentBody.payload, name: 'beta-3' },
    });
    assert.is((segmentEdited.segments[0]!.payload as { name: string }).name, 'beta-3');
  });

  test('a Draft is seen by its author and admin keys only; the list is newest first; DELETE discards a Draft (author, Draft only)', async () => {
    const mine = await draft();
    const theirs = await draft(editor2);
    await rejects(get(mine.id, editor2), 'NotFoundError');
    assert.is((await get(mine.id, w.keys.admin.principal)).id, mine.id);
    const list = (principal: Principal) => w.admin.listChangeRequests(principal, { projectId: 'p1' }).then((l) => l.map((c) => c.id));
    assert.equal(await list(w.keys.admin.principal), [theirs.id, mine.id]);
    assert.equal(await list(editor2), [theirs.id]);
    assertSchema('changeRequests', await w.admin.listChangeRequests(w.keys.admin.principal, { projectId: 'p1' }));
    await rejects(w.admin.deleteChangeRequest(w.keys.admin.principal, { projectId: 'p1', id: mine.id }), 'NoAccessError', /author/);
    await w.admin.deleteChangeRequest(w.keys.editor.principal, { projectId: 'p1', id: mine.id });
    await rejects(get(mine.id, w.keys.admin.principal), 'NotFoundError');
    const next = await draft();
    assert.is.not(next.id, mine.id, 'a new draft after a discarded one');
    await move(next.id, { state: 'In review' }, w.keys.editor.principal);
    await rejects(w.admin.deleteChangeRequest(w.keys.editor.principal, { projectId: 'p1', id: next.id }), 'ConflictError', /In review/);
  });

  test('comments and title', async () => {
    const cr = await draft();
    await move(cr.id, { state: 'In review' }, w.keys.editor.principal);
    const commented = await w.admin.addChangeRequestComment(w.keys.viewer.principal, {
      projectId: 'p1',
      id: cr.id,
      body: { text: 'why?' },
    });
    assert.equal(
      commented.comments.map((c) => [c.id, c.text, c.createdBy.username]),
      [[1, 'why?', 'viewer-key']],
    );
    await rejects(w.admin.updateChangeRequestTitle(editor2, { projectId: 'p1', id: cr.id, body: { title: 'x' } }), 'NoAccessError');
    await rejects(
      w.admin.updateChangeRequestTitle(w.keys.editor.principal, { projectId: 'p1', id: cr.id, body: { title: '' } }),
      'BadDataError',
    );
    assert.is(
      (await w.admin.updateChangeRequestTitle(w.keys.editor.principal, { projectId: 'p1', id: cr.id, body: { title: 'Turn f1 on' } }))
        .title,
      'Turn f1 on',
    );
    const count = await w.eventCount();
    await w.admin.updateChangeRequestTitle(w.keys.editor.principal, { projectId: 'p1', id: cr.id, body: { title: 'Turn f1 on' } });
    assert.is(await w.eventCount(), count, 'the same title again: no event');
  });

  test('payloads are checked at POST as their operation checks them: 400 naming the field, nothing written', async () => {
    const before = await w.eventCount();
    const post = (body: unknown) =>
      w.admin.addChangeRequestChanges(w.keys.editor.principal, { projectId: 'p1', environment: 'production', body });
    const bad = await rejects(
      post({ feature: 'f1', action: 'addStrategy', payload: { name: 'flexibleRollout', parameters: { rollout: '250' } } }),
      'BadDataError',
    );
    assert.match(bad.details![0]!.path!, /^\/payload\/parameters/);
    const second = await rejects(
      post([
        { feature: 'f1', action: 'updateEnabled', payload: { enabled: true } },
        { feature: 'f1', action: 'deleteStrategy', payload: { id: 'nope' } },
      ]),
      'BadDataError',
    );
    assert.is(second.details![0]!.path, '/1/payload');
    await rejects(post({ feature: 'f1', action: 'updateStrategy', payload: { name: 'default' } }), 'BadDataError', /id/);
    await rejects(
      post({ feature: 'f1', action: 'patchVariant', payload: { variants: [{ name: 'a', weightType: 'fix', weight: 2000 }] } }),
      'BadDataError',
    );
    await rejects(post({ feature: 'f1', action: 'addDependency', payload: { feature: 'missing' } }), 'BadDataError', /missing/);
    await rejects(post({ action: 'updateEnabled', payload: { enabled: true } }), 'BadDataError', /feature/);
    await rejects(post({ action: 'deleteSegment', payload: { id: 77 } }), 'BadDataError');
    assert.is(await w.eventCount(), before);
    assert.equal(await w.admin.listChangeRequests(w.keys.admin.principal, { projectId: 'p1' }), []);
  });

  test('limits: at most 300 changes per request, past it a 400 naming the limit and nothing written', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => ({ feature: 'f1', action: 'updateEnabled', payload: { enabled: i % 2 === 0 } }));
    for (let i = 0; i < 3; i++)
      await w.admin.addChangeRequestChanges(w.keys.editor.principal, { projectId: 'p1', environment: 'production', body: hundred });
    const before = await w.eventCount();
    await rejects(
      w.admin.addChangeRequestChanges(w.keys.editor.principal, { projectId: 'p1', environment: 'production', body: hundred[0] }),
      'BadDataError',
      /changesPerRequest/,
    );
    assert.is(await w.eventCount(), before);
    const [cr] = await w.admin.listChangeRequests(w.keys.editor.principal, { projectId: 'p1' });
    assert.is(cr!.features[0]!.changes.length, 300);
  });
});
