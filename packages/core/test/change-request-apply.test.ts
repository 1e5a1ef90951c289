import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import type { Principal, Storage } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { observe, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, world as worldOn, type World } from './helpers';

suiteForEachStorage('change requests: apply, conflicts, atomicity, schedule', (test, world) => {
  let w: World;
  let reviewer: Principal;
  test.before.each(async () => {
    w = await world();
    await w.project('p1');
    await w.feature('f1', {}, 'p1');
    await w.feature('f2', {}, 'p1');
    await w.feature('parent', {}, 'p1');
    reviewer = (await w.key({ tokenName: 'reviewer', type: 'admin', role: 'editor' })).principal;
    await w.admin.updateChangeRequestConfig(w.keys.admin.principal, {
      projectId: 'p1',
      environment: 'production',
      body: { changeRequestsEnabled: true },
    });
  });

  const at = (featureName: string) => ({ projectId: 'p1', featureName, environment: 'production' });
  const add = async (body: unknown) =>
    (await w.admin.addChangeRequestChanges(w.keys.editor.principal, { projectId: 'p1', environment: 'production', body })).changeRequest;
  const move = (id: number, body: Record<string, unknown>, principal: Principal = w.keys.editor.principal) =>
    w.admin.updateChangeRequestState(principal, { projectId: 'p1', id, body });
  /** A request with these changes, sent to review and approved. */
  const approved = async (body: unknown) => {
    const cr = await add(body);
    await move(cr.id, { state: 'In review' });
    await move(cr.id, { state: 'Approved' }, reviewer);
    return cr;
  };
  const feature = async (name: string) => (await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'p1', featureName: name })).feature;
  const production = async (name: string) => (await feature(name)).environments.find((e) => e.name === 'production')!;
  const allEvents = async () => (await w.admin.listEvents(SYSTEM_PRINCIPAL, { project: 'p1' })).events;

  test('apply runs every change in one transaction: feature events carry the request id, change-request-applied lists their ids', async () => {
    const cr = await approved([
      { feature: 'f1', action: 'addStrategy', payload: { name: 'userWithId', parameters: { userIds: 'a,b' } } },
      { feature: 'f1', action: 'updateEnabled', payload: { enabled: true } },
      { feature: 'f2', action: 'patchVariant', payload: { variants: [{ name: 'blue', weightType: 'variable', weight: 1000 }] } },
      { feature: 'f2', action: 'addDependency', payload: { feature: 'parent' } },
    ]);
    const applied = await move(cr.id, { state: 'Applied' });
    assert.is(applied.state, 'Applied');
    const f1 = await production('f1');
    assert.equal([f1.enabled, f1.strategies.map((s) => s.name)], [true, ['userWithId']]);
    assert.equal(
      (await production('f2')).variants.map((v) => v.name),
      ['blue'],
    );
    assert.equal(
      (await feature('f2')).dependencies.map((d) => d.feature),
      ['parent'],
    );
    const events = await allEvents();
    const appliedEvent = events.find((e) => e.type === 'change-request-applied')!;
    const caused = events.filter((e) => e.changeRequestId === cr.id).reverse();
    assert.equal(
      caused.map((e) => e.type),
      ['feature-strategy-add', 'feature-environment-enabled', 'feature-environment-variants-updated', 'feature-dependency-added'],
    );
    assert.equal(
      (appliedEvent.data as { eventIds: number[] }).eventIds,
      caused.map((e) => e.id),
    );
    assert.is(appliedEvent.id, caused.at(-1)!.id + 1);
    assert.is(caused[0]!.createdBy, 'editor-key', 'events are made by the key that applied');
  });

  test('a target changed since the change was made blocks apply (409 with conflicts, nothing changed); GET shows the conflict; force applies', async () => {
    const strategy = await w.admin.addStrategy(w.keys.admin.principal, {
      ...at('f1'),
      body: { name: 'flexibleRollout', parameters: { rollout: '50' } },
    });
    const id = strategy.result.id;
    const cr = await approved([
      { feature: 'f1', action: 'updateStrategy', payload: { id, name: 'flexibleRollout', parameters: { rollout: '20' } } },
      { feature: 'f2', action: 'updateEnabled', payload: { enabled: true } },
    ]);
    await w.admin.updateStrategy(w.keys.admin.principal, {
      ...at('f1'),
      strategyId: id,
      body: { name: 'flexibleRollout', parameters: { rollout: '70' } },
    });
    const before = [await observe(w, 'p1', 'f1'), await observe(w, 'p1', 'f2')];
    const error = await rejects(move(cr.id, { state: 'Applied' }), 'ConflictError', /conflicts/);
    const changeId = cr.features[0]!.changes[0]!.id;
    assert.equal(error.conflicts, [
      { changeId, feature: 'f1', id, kind: 'strategyChanged', message: 'Strategy has been changed since this change was made' },
    ]);
    assert.equal([await observe(w, 'p1', 'f1'), await observe(w, 'p1', 'f2')], before, 'nothing applied, no event');
    const shown = await w.admin.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'p1', id: cr.id });
    assert.equal(
      [shown.state, shown.features[0]!.changes[0]!.conflict, shown.features[1]!.changes[0]!.conflict],
      ['Approved', 'Strategy has been changed since this change was made', undefined],
    );
    const forced = await move(cr.id, { state: 'Applied', force: true });
    assert.is(forced.state, 'Applied');
    assert.equal((await production('f1')).strategies[0]!.parameters['rollout'], '20');
    assert.is((await production('f2')).enabled, true);
  });

  test('a deleted strategy and an archived feature are conflicts too, shown as Unleash shows them', async () => {
    const { result } = await w.admin.addStrategy(w.keys.admin.principal, { ...at('f1'), body: { name: 'default' } });
    const cr = await approved([
      { feature: 'f1', action: 'deleteStrategy', payload: { id: result.id } },
      { feature: 'f2', action: 'updateEnabled', payload: { enabled: true } },
    ]);
    await w.admin.deleteStrategy(w.keys.admin.principal, { ...at('f1'), strategyId: result.id });
    await w.admin.patchFeature(w.keys.editor.principal, {
      projectId: 'p1',
      featureName: 'f2',
      patch: [{ op: 'replace', path: '/archived', value: true }],
    });
    const error = await rejects(move(cr.id, { state: 'Applied' }), 'ConflictError');
    assert.equal(
      error.conflicts!.map((c) => [c.feature, c.kind]),
      [
        ['f1', 'strategyDeleted'],
        ['f2', 'featureArchived'],
      ],
    );
    const shown = await w.admin.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'p1', id: cr.id });
    assert.equal(
      shown.features.map((f) => f.conflict),
      [undefined, 'Feature has been archived'],
    );
    assert.is(shown.features[0]!.changes[0]!.conflict, 'Strategy has been deleted');
  });

  test('atomicity: a change failing mid-way leaves every feature and the event count as they were', async () => {
    const cr = await approved([
      { feature: 'f1', action: 'updateEnabled', payload: { enabled: true } },
      { feature: 'f2', action: 'addDependency', payload: { feature: 'parent' } },
    ]);
    await w.admin.patchFeature(SYSTEM_PRINCIPAL, {
      projectId: 'p1',
      featureName: 'parent',
      patch: [{ op: 'replace', path: '/archived', value: true }],
    });
    const before = [await observe(w, 'p1', 'f1'), await observe(w, 'p1', 'f2')];
    await rejects(move(cr.id, { state: 'Applied' }), 'BadDataError', /archived/);
    assert.equal([await observe(w, 'p1', 'f1'), await observe(w, 'p1', 'f2')], before);
    assert.is((await w.admin.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'p1', id: cr.id })).state, 'Approved');
  });

  test('segment changes apply through the segment operations', async () => {
    const segment = await w.admin.createSegment(SYSTEM_PRINCIPAL, { body: { name: 'beta', project: 'p1', constraints: [] } });
    const cr = await approved({
      action: 'updateSegment',
      payload: { id: segment.id, name: 'beta-2', project: 'p1', constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }] },
    });
    assert.equal(
      cr.segments.map((s) => [s.name, s.action]),
      [['beta', 'updateSegment']],
    );
    await move(cr.id, { state: 'Applied' });
    const after = await w.admin.getSegment(SYSTEM_PRINCIPAL, { id: String(segment.id) });
    assert.equal([after.name, after.constraints.length], ['beta-2', 1]);
    assert.ok((await allEvents()).some((e) => e.type === 'segment-updated' && e.changeRequestId === cr.id));
  });

  test("a segment change may not move the segment out of the key's scope: 403 when the change is added, nothing stored", async () => {
    const segment = await w.admin.createSegment(SYSTEM_PRINCIPAL, { body: { name: 'beta', project: 'p1', constraints: [] } });
    await w.project('elsewhere');
    const scoped = (await w.key({ tokenName: 'p1-editor', type: 'admin', role: 'editor', projects: ['p1'] })).principal;
    for (const project of [null, 'elsewhere']) {
      const count = (await allEvents()).length;
      const body = { action: 'updateSegment', payload: { id: segment.id, name: 'beta', project, constraints: [] } };
      await rejects(
        w.admin.addChangeRequestChanges(scoped, { projectId: 'p1', environment: 'production', body }),
        'NoAccessError',
        /UPDATE_SEGMENT/,
      );
      assert.is((await allEvents()).length, count, `project ${project}: no event`);
      assert.is((await w.admin.getSegment(SYSTEM_PRINCIPAL, { id: String(segment.id) })).project, 'p1');
      assert.equal((await w.admin.listChangeRequests(scoped, { projectId: 'p1' })).length, 0, 'no draft');
    }
  });

  test('Scheduled: a future time only; applied once when due (injected clock), whoever calls; a conflict at that time marks it failed', async () => {
    const cr = await approved({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } });
    const iso = (ms: number) => new Date(ms).toISOString();
    await rejects(move(cr.id, { state: 'Scheduled', scheduledAt: iso(w.clock.ms - 1) }), 'BadDataError', /future/);
    await rejects(move(cr.id, { state: 'Scheduled' }), 'BadDataError', /scheduledAt/);
    for (const impossible of ['2099-01-01T99:00:00Z', '2099-01-01T10:61:00Z']) {
      await rejects(
        move(cr.id, { state: 'Scheduled', scheduledAt: impossible }),
        'BadDataError',
        /scheduledAt is not a real date and time/,
      );
    }
    const scheduled = await move(cr.id, { state: 'Scheduled', scheduledAt: iso(w.clock.ms + 3_600_000) });
    assert.equal([scheduled.state, scheduled.schedule], ['Scheduled', { scheduledAt: iso(w.clock.ms + 3_600_000), status: 'pending' }]);
    assert.equal(await w.admin.applyDueChangeRequests(SYSTEM_PRINCIPAL), { applied: [], failed: [] });
    await rejects(w.admin.applyDueChangeRequests(w.keys.editor.principal), 'NoAccessError');
    w.clock.ms += 3_600_000;
    const [first, second] = await Promise.all([
      w.admin.applyDueChangeRequests(SYSTEM_PRINCIPAL),
      w.admin.applyDueChangeRequests(SYSTEM_PRINCIPAL),
    ]);
    assert.equal([...first!.applied, ...second!.applied], [cr.id], 'exactly once');
    assert.is((await production('f1')).enabled, true);
    assert.is((await allEvents()).filter((e) => e.type === 'change-request-applied').length, 1);

    const late = await approved({ feature: 'f2', action: 'patchVariant', payload: { variants: [] } });
    await move(late.id, { state: 'Scheduled', scheduledAt: iso(w.clock.ms + 1000) });
    await w.admin.putEnvironmentVariants(w.keys.admin.principal, {
      ...at('f2'),
      body: [{ name: 'x', weightType: 'variable', weight: 1000 }],
    });
    w.clock.ms += 1000;
    assert.equal(await w.admin.applyDueChangeRequests(SYSTEM_PRINCIPAL), { applied: [], failed: [late.id] });
    const failed = await w.admin.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'p1', id: late.id });
    assert.equal([failed.state, failed.schedule?.status], ['Scheduled', 'failed']);
    assert.match(failed.schedule!.reason!, /conflicts/);
    assert.equal(await w.admin.applyDueChangeRequests(SYSTEM_PRINCIPAL), { applied: [], failed: [] }, 'a failed schedule is not retried');
    assert.is((await move(late.id, { state: 'Cancelled' })).state, 'Cancelled');
  });

  test('a scheduled request whose scheduling key was deleted since is not applied: it fails with the reason', async () => {
    const scheduler = await w.key({ tokenName: 'scheduler', type: 'admin', role: 'editor' });
    const cr = await approved({ feature: 'f1', action: 'updateEnabled', payload: { enabled: true } });
    await move(cr.id, { state: 'Scheduled', scheduledAt: new Date(w.clock.ms + 1000).toISOString() }, scheduler.principal);
    await w.admin.deleteApiKey(w.keys.admin.principal, { token: String(scheduler.principal.id) });
    w.clock.ms += 1000;
    assert.equal(await w.admin.applyDueChangeRequests(SYSTEM_PRINCIPAL), { applied: [], failed: [cr.id] });
    const failed = await w.admin.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'p1', id: cr.id });
    assert.match(failed.schedule!.reason!, /deleted or has expired/);
    assert.is((await production('f1')).enabled, false);
  });
});

const transient = suite('scheduled change requests and a failing storage');

transient('an apply that fails in the storage (not in the request) stays pending and applies at the next run', async () => {
  const inner = memoryStorage();
  let failWrites = false;
  const storage: Storage = {
    read: (fn) => inner.read(fn),
    write: (fn) => (failWrites ? Promise.reject(new Error('the disk went away')) : inner.write(fn)),
    close: () => inner.close(),
  };
  const w = await worldOn(storage);
  await w.feature('f1');
  await w.admin.updateChangeRequestConfig(SYSTEM_PRINCIPAL, {
    projectId: 'default',
    environment: 'production',
    body: { changeRequestsEnabled: true },
  });
  const reviewer = (await w.key({ type: 'admin', role: 'editor' })).principal;
  const { changeRequest: cr } = await w.admin.addChangeRequestChanges(w.keys.editor.principal, {
    projectId: 'default',
    environment: 'production',
    body: { feature: 'f1', action: 'updateEnabled', payload: { enabled: true } },
  });
  const move = (principal: Principal, body: Record<string, unknown>) =>
    w.admin.updateChangeRequestState(principal, { projectId: 'default', id: cr.id, body });
  await move(w.keys.editor.principal, { state: 'In review' });
  await move(reviewer, { state: 'Approved' });
  await move(w.keys.editor.principal, { state: 'Scheduled', scheduledAt: new Date(w.clock.ms + 60_000).toISOString() });
  w.clock.ms += 60_000;

  failWrites = true;
  assert.equal(await w.admin.applyDueChangeRequests(SYSTEM_PRINCIPAL), { applied: [], failed: [] });
  failWrites = false;
  const pending = await w.admin.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'default', id: cr.id });
  assert.equal([pending.state, pending.schedule?.status], ['Scheduled', 'pending']);
  assert.equal(await w.admin.applyDueChangeRequests(SYSTEM_PRINCIPAL), { applied: [cr.id], failed: [] });
  assert.is((await w.admin.getChangeRequest(SYSTEM_PRINCIPAL, { projectId: 'default', id: cr.id })).state, 'Applied');
  await storage.close();
});

transient.run();
