import * as assert from 'uvu/assert';
import { assertSchema, DAY, SYSTEM_PRINCIPAL, T0, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('projects and their computed figures', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
  });

  const patch = (name: string, project: string, ops: unknown[]) =>
    w.admin.patchFeature(SYSTEM_PRINCIPAL, { projectId: project, featureName: name, patch: ops });
  const project = async (id: string) => (await w.admin.listProjects(SYSTEM_PRINCIPAL)).projects.find((p) => p.id === id)!;

  test('sorted by name case-insensitively, then id; version 1; schema-valid', async () => {
    await w.project('z1', { name: 'beta' });
    await w.project('a1', { name: 'Beta' });
    await w.project('m1', { name: 'alpha' });
    const list = await w.admin.listProjects(w.keys.admin.principal);
    assertSchema('projects', list);
    assert.is(list.version, 1);
    assert.equal(
      list.projects.map((p) => p.id),
      ['m1', 'a1', 'z1', 'default'],
    );
  });

  test('defaults: health 100 with no features, mode open, stickiness default, system owner, updatedAt = createdAt', async () => {
    w.clock.ms += 5000;
    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'empty', name: 'Empty' } });
    const p = await project('empty');
    assert.equal(
      [
        p.health,
        p.featureCount,
        p.staleFeatureCount,
        p.potentiallyStaleFeatureCount,
        p.memberCount,
        p.mode,
        p.defaultStickiness,
        p.avgTimeToProduction,
        p.favorite,
      ],
      [100, 0, 0, 0, 0, 'open', 'default', 0, false],
    );
    assert.equal(p.owners, [{ ownerType: 'system' }]);
    assert.is(p.updatedAt, new Date(T0 + 5000).toISOString(), 'its project-created event');
  });

  test('members and owners come from the project members', async () => {
    await w.project('team', {
      members: [
        { name: 'Ann', email: 'ann@example.com', role: 'owner' },
        { name: 'Bob', role: 'member' },
        { name: 'Cy', imageUrl: 'https://example.com/cy.png', role: 'owner' },
      ],
    });
    const p = await project('team');
    assert.is(p.memberCount, 3);
    assert.equal(p.owners, [
      { ownerType: 'user', name: 'Ann', email: 'ann@example.com' },
      { ownerType: 'user', name: 'Cy', imageUrl: 'https://example.com/cy.png' },
    ]);
  });

  test('counts: non-archived features, stale ones, potentially stale by type lifetime, and health', async () => {
    await w.project('p');
    await w.feature('release-old', { type: 'release' }, 'p');
    await w.feature('ops-old', { type: 'operational' }, 'p');
    await w.feature('kill', { type: 'kill-switch' }, 'p');
    await w.feature('perm', { type: 'permission' }, 'p');
    await w.feature('stale-one', { type: 'experiment' }, 'p');
    await w.feature('archived-one', { type: 'release' }, 'p');
    await patch('stale-one', 'p', [{ op: 'replace', path: '/stale', value: true }]);
    await patch('archived-one', 'p', [{ op: 'replace', path: '/archived', value: true }]);
    let p = await project('p');
    assert.equal([p.featureCount, p.staleFeatureCount, p.potentiallyStaleFeatureCount, p.health], [5, 1, 0, 80]);

    w.clock.ms = T0 + 8 * DAY; // operational (7 days) is now past its lifetime
    p = await project('p');
    assert.equal([p.potentiallyStaleFeatureCount, p.health], [1, 60]);

    w.clock.ms = T0 + 41 * DAY; // release (40 days) too; kill-switch and permission never
    p = await project('p');
    assert.equal([p.potentiallyStaleFeatureCount, p.health], [2, 40]);

    await patch('release-old', 'p', [{ op: 'replace', path: '/stale', value: true }]);
    p = await project('p');
    assert.equal([p.staleFeatureCount, p.potentiallyStaleFeatureCount, p.health], [2, 1, 40], 'stale is not also potentially stale');

    await patch('ops-old', 'p', [{ op: 'replace', path: '/type', value: 'kill-switch' }]);
    p = await project('p');
    assert.equal([p.potentiallyStaleFeatureCount, p.health], [0, 60], 'a type change moves the feature between lifetimes');

    await patch('archived-one', 'p', [{ op: 'replace', path: '/archived', value: false }]);
    p = await project('p');
    assert.equal([p.featureCount, p.potentiallyStaleFeatureCount], [6, 1], 'a revived feature counts again');
  });

  test('updatedAt is the last event of the project', async () => {
    await w.project('p');
    w.clock.ms += 60_000;
    await w.feature('f', {}, 'p');
    w.clock.ms += 60_000;
    await patch('f', 'p', [{ op: 'replace', path: '/description', value: 'x' }]);
    assert.is((await project('p')).updatedAt, new Date(w.clock.ms).toISOString());
    w.clock.ms += 60_000;
    await patch('f', 'p', []);
    assert.is((await project('p')).updatedAt, new Date(w.clock.ms - 60_000).toISOString(), 'a no-op is no event');
  });

  test('avgTimeToProduction: mean days from creation to first enabling in a production environment, release features only', async () => {
    await w.project('p');
    await w.feature('r1', { type: 'release' }, 'p');
    await w.feature('r2', { type: 'release' }, 'p');
    await w.feature('e1', { type: 'experiment' }, 'p');
    w.clock.ms = T0 + 2 * DAY;
    await patch('r1', 'p', [{ op: 'replace', path: '/environments/1/enabled', value: true }]);
    await patch('e1', 'p', [{ op: 'replace', path: '/environments/1/enabled', value: true }]);
    await patch('r2', 'p', [{ op: 'replace', path: '/environments/0/enabled', value: true }]);
    assert.is((await project('p')).avgTimeToProduction, 2);
    w.clock.ms = T0 + 5.25 * DAY;
    await patch('r2', 'p', [{ op: 'replace', path: '/environments/1/enabled', value: true }]);
    assert.is((await project('p')).avgTimeToProduction, 3.6, '(2 + 5.25) / 2 rounded to one decimal');
    w.clock.ms = T0 + 9 * DAY;
    await patch('r1', 'p', [{ op: 'replace', path: '/environments/1/enabled', value: false }]);
    await patch('r1', 'p', [{ op: 'replace', path: '/environments/1/enabled', value: true }]);
    assert.is((await project('p')).avgTimeToProduction, 3.6, 'only the first time counts');
  });

  test('the aggregates agree with a recomputation from every feature', async () => {
    await w.project('p');
    const types = ['release', 'experiment', 'operational', 'kill-switch', 'permission'];
    for (let i = 0; i < 40; i++) {
      w.clock.ms = T0 + i * DAY;
      await w.feature(`f${i}`, { type: types[i % 5] }, 'p');
      if (i % 3 === 0) await patch(`f${i}`, 'p', [{ op: 'replace', path: '/stale', value: true }]);
      if (i % 7 === 0) await patch(`f${i}`, 'p', [{ op: 'replace', path: '/archived', value: true }]);
      if (i % 4 === 0 && i % 7 !== 0) await patch(`f${i}`, 'p', [{ op: 'replace', path: '/type', value: types[(i + 1) % 5] }]);
    }
    w.clock.ms = T0 + 60 * DAY;
    const lifetimes: Record<string, number | null | undefined> = {
      release: 40,
      experiment: 40,
      operational: 7,
      'kill-switch': null,
      permission: null,
    };
    const { features } = await w.admin.listFeatures(SYSTEM_PRINCIPAL, { projectId: 'p' });
    const live = features.filter((f) => !f.archived);
    const stale = live.filter((f) => f.stale).length;
    const potentially = live.filter((f) => {
      const days = lifetimes[f.type];
      return !f.stale && days != null && Date.parse(f.createdAt) < w.clock.ms - days * DAY;
    }).length;
    const p = await project('p');
    assert.equal([p.featureCount, p.staleFeatureCount, p.potentiallyStaleFeatureCount], [live.length, stale, potentially]);
    assert.is(p.health, Math.round(100 * (1 - (stale + potentially) / live.length)));
  });

  test('the computed list is frozen and reused until a write or the clock changes a figure', async () => {
    await w.project('p');
    await w.feature('ops', { type: 'operational' }, 'p');
    const first = await w.admin.listProjects(SYSTEM_PRINCIPAL);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first.projects[0]), 'shared results are frozen');
    assert.is(await w.admin.listProjects(SYSTEM_PRINCIPAL), first, 'no change: the same result');
    w.clock.ms = T0 + 7 * DAY;
    assert.is(await w.admin.listProjects(SYSTEM_PRINCIPAL), first, 'exactly at the lifetime nothing changed yet');
    w.clock.ms = T0 + 7 * DAY + 1;
    const later = await w.admin.listProjects(SYSTEM_PRINCIPAL);
    assert.is.not(later, first);
    assert.is(later.projects.find((x) => x.id === 'p')!.potentiallyStaleFeatureCount, 1, 'one millisecond past it, it counts');
    await patch('ops', 'p', [{ op: 'replace', path: '/stale', value: true }]);
    const afterWrite = await w.admin.listProjects(SYSTEM_PRINCIPAL);
    assert.is(afterWrite.projects.find((x) => x.id === 'p')!.staleFeatureCount, 1, 'a write is seen at once');
  });
});
