import * as assert from 'uvu/assert';
import { LATEST_EVENTS_LIMIT } from '../src/runtime/event-selection';
import { assertSchema, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('events', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.project('p1');
    await w.project('p2');
  });

  const toggle = (feature: string, project: string, stale: boolean) =>
    w.admin.patchFeature(SYSTEM_PRINCIPAL, {
      projectId: project,
      featureName: feature,
      patch: [{ op: 'replace', path: '/stale', value: stale }],
    });

  test('without a project: the last 100 events, newest first by id, with totalEvents and version 1', async () => {
    await w.feature('a', {}, 'p1');
    for (let i = 0; i < 120; i++) await toggle('a', 'p1', i % 2 === 0);
    const all = await w.admin.listEvents(w.keys.admin.principal);
    assertSchema('events', all);
    assert.is(all.version, 1);
    assert.is(all.events.length, LATEST_EVENTS_LIMIT);
    const ids = all.events.map((e) => e.id);
    assert.equal(
      ids,
      [...ids].sort((a, b) => b - a),
      'newest first',
    );
    assert.ok(
      ids.every((id, i) => i === 0 || ids[i - 1]! - id === 1),
      'consecutive ids: the newest ones',
    );
    assert.ok(all.totalEvents > 120, `totalEvents counts every event: ${all.totalEvents}`);
    assert.is(all.events[0]!.type, 'feature-stale-off');
  });

  test('with a project: all of its events (no cap), none of other projects, none for an unknown one', async () => {
    await w.feature('a', {}, 'p1');
    await w.feature('b', {}, 'p2');
    for (let i = 0; i < 130; i++) await toggle('a', 'p1', i % 2 === 0);
    await toggle('b', 'p2', true);
    const p1 = await w.admin.listEvents(w.keys.admin.principal, { project: 'p1' });
    assert.is(p1.events.length, 1 + 1 + 130, 'project-created, feature-created and every toggle');
    assert.is(p1.totalEvents, p1.events.length);
    assert.ok(p1.events.every((e) => e.project === 'p1'));
    assert.equal(
      p1.events.map((e) => e.id),
      p1.events.map((e) => e.id).sort((a, b) => b - a),
    );
    const none = await w.admin.listEvents(w.keys.admin.principal, { project: 'unknown' });
    assert.equal(none, { version: 1, events: [], totalEvents: 0 });
  });

  test('every event has every field of spec 2.2: createdBy the key name, createdByUserId the key id, nulls where not applicable', async () => {
    await w.admin.createFeature(w.keys.editor.principal, {
      projectId: 'p1',
      body: { name: 'by-editor', tags: [{ type: 'simple', value: 't' }] },
    });
    const { events } = await w.admin.listEvents(w.keys.admin.principal);
    for (const e of events) assertSchema('event', e);
    const created = events.find((e) => e.type === 'feature-created')!;
    assert.is(created.createdBy, 'editor-key');
    assert.is(created.createdByUserId, w.keys.editor.principal.id);
    assert.is(created.environment, null);
    assert.equal(created.tags, [{ type: 'simple', value: 't' }]);
    const projectCreated = events.find((e) => e.type === 'project-created')!;
    assert.is(projectCreated.createdBy, 'system');
    assert.is(projectCreated.createdByUserId, null);
    assert.is(projectCreated.featureName, null);
    assert.equal(projectCreated.tags, []);
    const token = events.find((e) => e.type === 'api-token-created')!;
    assert.is(token.project, null, 'key creation is an instance event');
  });

  test('a project-scoped key sees only events of its projects, never instance events', async () => {
    await w.feature('a', {}, 'p1');
    await w.feature('b', {}, 'p2');
    const scoped = await w.key({ type: 'admin', role: 'viewer', projects: ['p1'] });
    const seen = await w.admin.listEvents(scoped.principal);
    assert.ok(seen.events.length > 0);
    assert.ok(
      seen.events.every((e) => e.project === 'p1'),
      JSON.stringify(seen.events.map((e) => e.project)),
    );
    assert.is(seen.totalEvents, seen.events.length);
    assert.equal(await w.admin.listEvents(scoped.principal, { project: 'p2' }), { version: 1, events: [], totalEvents: 0 });
  });

  test('reads hand out copies: changing a returned event changes nothing', async () => {
    await w.feature('a', {}, 'p1');
    const first = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    first.events[0]!.type = 'tampered';
    (first.events[0]!.data as Record<string, unknown>)['name'] = 'tampered';
    const again = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    assert.is(again.events[0]!.type, 'feature-created');
    assert.is((again.events[0]!.data as { name: string }).name, 'a');
  });
});
