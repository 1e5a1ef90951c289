import * as assert from 'uvu/assert';
import { featureSchema } from '../src/schemas/feature';
import { assertSchema, rejects, SYSTEM_PRINCIPAL, T0, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('the feature document and feature creation', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
  });

  test('a fresh instance has the default project and the development and production environments', async () => {
    const { projects } = await w.admin.listProjects(SYSTEM_PRINCIPAL);
    assert.equal(
      projects.map((p) => [p.id, p.description]),
      [['default', 'Default project']],
    );
    const envs = await w.storage.read((tx) => tx.list('environments'));
    assert.equal(envs, [
      { name: 'development', type: 'development', sortOrder: 100, enabled: true, protected: false },
      { name: 'production', type: 'production', sortOrder: 200, enabled: true, protected: false },
    ]);
  });

  test('exactly the fields of spec 2.1, environments ordered by sortOrder, in every place the document appears', async () => {
    const created = await w.feature('doc', {
      type: 'kill-switch',
      description: 'd',
      impressionData: true,
      tags: [{ type: 'simple', value: 'x' }],
    });
    // Spec 2.1's fields, and `potentiallyStale` (Unleash's flag past its type's lifetime), which the
    // environments and feature types added to every feature answer.
    assert.equal(Object.keys(created).sort(), [...featureSchema.required, 'potentiallyStale'].sort());
    assertSchema('feature', created);
    assert.equal(
      created.environments.map((e) => [e.name, e.environment, e.type, e.sortOrder, e.enabled]),
      [
        ['development', 'development', 'development', 100, false],
        ['production', 'production', 'production', 200, false],
      ],
    );
    assert.equal(
      [created.type, created.description, created.impressionData, created.enabled, created.archivedAt],
      ['kill-switch', 'd', true, false, null],
    );
    assert.equal(created.lifecycle, { stage: 'initial', enteredStageAt: new Date(T0).toISOString() });
    assert.equal(created.tags, [{ type: 'simple', value: 'x' }]);
    const read = await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'doc' });
    assert.equal(read.feature, created);
    const { events } = await w.admin.listEvents(SYSTEM_PRINCIPAL, { project: 'default' });
    const event = events.find((e) => e.type === 'feature-created')!;
    assert.equal(event.data, created, 'feature-created carries the same document');
    assert.is(event.preData, null);
    const list = await w.admin.listFeatures(SYSTEM_PRINCIPAL, { projectId: 'default' });
    assertSchema('features', list);
    assert.equal(list.features, [created]);
  });

  test('names: URL-safe, 1-100 characters, not . or .., unique across projects and the archive (409)', async () => {
    for (const name of ['', '.', '..', 'has space', 'slash/name', 'x'.repeat(101), 'ümlaut', 'a?b']) {
      await rejects(w.feature(name), 'BadDataError');
    }
    await w.feature('ok-name_1.2~');
    await w.project('p2');
    await rejects(w.feature('ok-name_1.2~', {}, 'p2'), 'NameExistsError');
    await w.admin.patchFeature(SYSTEM_PRINCIPAL, {
      projectId: 'default',
      featureName: 'ok-name_1.2~',
      patch: [{ op: 'replace', path: '/archived', value: true }],
    });
    await rejects(w.feature('ok-name_1.2~'), 'NameExistsError', /archive/);
  });

  test('creation: 404 for an unknown project, 400 for bad fields, 403 for viewers; nothing written on failure', async () => {
    const before = await w.eventCount();
    await rejects(w.feature('x', {}, 'nope'), 'NotFoundError');
    await rejects(w.feature('x', { type: 'bogus' }), 'BadDataError', /type/);
    await rejects(w.feature('x', { unknown: 1 }), 'BadDataError', /unknown/);
    await rejects(
      w.feature('x', {
        tags: [
          { type: 'a', value: 'b' },
          { type: 'a', value: 'b' },
        ],
      }),
      'BadDataError',
      /repeat/,
    );
    await rejects(w.admin.createFeature(w.keys.viewer.principal, { projectId: 'default', body: { name: 'x' } }), 'NoAccessError');
    assert.is(await w.eventCount(), before);
    assert.equal((await w.admin.listFeatures(SYSTEM_PRINCIPAL, { projectId: 'default' })).features, []);
  });

  test('projects: created with every environment, 409 for a duplicate id, 400 for bad input', async () => {
    await w.project('team-a', { description: 'A', mode: 'protected', members: [{ name: 'Ann', email: 'ann@example.com', role: 'owner' }] });
    const f = await w.feature('in-a', {}, 'team-a');
    assert.equal(
      f.environments.map((e) => e.name),
      ['development', 'production'],
    );
    await rejects(w.project('team-a'), 'NameExistsError');
    await rejects(w.project('bad id'), 'BadDataError');
    await rejects(w.project('m', { mode: 'secret' }), 'BadDataError');
    await rejects(w.project('m', { members: [{ name: 'x', role: 'boss' }] }), 'BadDataError');
  });
});
