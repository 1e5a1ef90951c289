import * as assert from 'uvu/assert';
import { observe, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('feature dependencies', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.project('shop');
    for (const name of ['parent', 'child', 'other']) await w.feature(name);
    await w.feature('elsewhere', {}, 'shop');
  });

  const add = (featureName: string, body: unknown) => w.admin.addDependency(SYSTEM_PRINCIPAL, { projectId: 'default', featureName, body });
  const doc = async (name: string) => (await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: name })).feature;

  async function failsUnchanged(call: () => Promise<unknown>, name: Parameters<typeof rejects>[1], message?: RegExp) {
    const before = [await observe(w, 'default', 'child'), await observe(w, 'default', 'parent')];
    const error = await rejects(call(), name, message);
    assert.equal([await observe(w, 'default', 'child'), await observe(w, 'default', 'parent')], before, 'state and event count unchanged');
    return error;
  }

  test('add: the child shows the dependency, the parent the child; one event; the same again is no change', async () => {
    const { feature, etag } = await add('child', { feature: 'parent', variants: ['blue'] });
    assert.equal(feature.dependencies, [{ feature: 'parent', enabled: true, variants: ['blue'] }]);
    assert.equal((await doc('parent')).children, ['child']);
    const events = await w.eventCount();
    const again = await add('child', { feature: 'parent', enabled: true, variants: ['blue'] });
    assert.is(again.etag, etag);
    assert.is(await w.eventCount(), events);
    const {
      events: [last],
    } = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    assert.is(last!.type, 'feature-dependency-added');
    assert.equal(last!.data, { feature: 'parent', enabled: true, variants: ['blue'] });
    assert.is(last!.featureName, 'child');
  });

  test("the client API lists a flag's parents, and leaves the field out of a flag without any, as Unleash does", async () => {
    await add('child', { feature: 'parent', variants: ['blue'] });
    const { body } = await w.admin.getClientFeatures(w.keys.client.principal, {});
    const byName = new Map(body.features.map((f) => [f.name, f]));
    assert.equal(byName.get('child')!.dependencies, [{ feature: 'parent', enabled: true, variants: ['blue'] }]);
    for (const name of ['parent', 'other']) assert.not.ok('dependencies' in byName.get(name)!, `${name} has no dependencies field`);
  });

  test('a parent with live children cannot be archived (409 naming them, nothing changed); once they are archived it can', async () => {
    await add('child', { feature: 'parent' });
    const archive = (name: string) =>
      w.admin.patchFeature(SYSTEM_PRINCIPAL, {
        projectId: 'default',
        featureName: name,
        patch: [{ op: 'replace', path: '/archived', value: true }],
      });
    const error = await failsUnchanged(() => archive('parent'), 'ConflictError', /"parent" cannot be archived: "child" depend/);
    assert.equal(error.details, [{ message: '"child" depends on "parent"', path: '/archived' }]);
    await archive('child');
    const { feature } = await archive('parent');
    assert.is(feature.archived, true);
  });

  test('parent in the same project, no cycles, one level: else 400 naming the field', async () => {
    await add('child', { feature: 'parent' });
    const cases: [string, unknown, RegExp][] = [
      ['child', { feature: 'elsewhere' }, /no feature "elsewhere"/],
      ['child', { feature: 'nope' }, /no feature "nope"/],
      ['child', { feature: 'child' }, /itself/],
      ['parent', { feature: 'child' }, /depends on other features|parent of other/],
      ['other', { feature: 'child' }, /depends on other features/],
      ['child', { feature: 'parent', enabled: false, variants: ['x'] }, /variants/],
    ];
    for (const [child, body, message] of cases) {
      const error = await failsUnchanged(() => add(child, body), 'BadDataError', message);
      assert.ok(error.details?.[0]?.path?.startsWith('/'), JSON.stringify(error.details));
    }
    await failsUnchanged(() => add('child', { feature: 'parent', extra: 1 }), 'BadDataError');
    await failsUnchanged(() => add('nope', { feature: 'parent' }), 'NotFoundError');
  });

  test('delete one and delete all: events, parents lose the child; deleting what is not there is no change', async () => {
    await add('child', { feature: 'parent' });
    await add('child', { feature: 'other', enabled: false });
    const del = await w.admin.deleteDependency(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'child', parent: 'parent' });
    assert.equal(del.feature.dependencies, [{ feature: 'other', enabled: false, variants: [] }]);
    assert.equal((await doc('parent')).children, []);
    const events = await w.eventCount();
    await w.admin.deleteDependency(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'child', parent: 'parent' });
    assert.is(await w.eventCount(), events);
    const all = await w.admin.deleteDependencies(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'child' });
    assert.equal(all.feature.dependencies, []);
    assert.equal((await doc('other')).children, []);
    const { events: log } = await w.admin.listEvents(SYSTEM_PRINCIPAL);
    assert.equal(
      log.slice(0, 2).map((e) => e.type),
      ['feature-dependencies-removed', 'feature-dependency-removed'],
    );
  });

  test('a viewer gets 403 naming UPDATE_FEATURE', async () => {
    await failsUnchanged(
      () => w.admin.addDependency(w.keys.viewer.principal, { projectId: 'default', featureName: 'child', body: { feature: 'parent' } }),
      'NoAccessError',
      /UPDATE_FEATURE/,
    );
  });
});
