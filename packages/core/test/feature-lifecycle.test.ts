import * as assert from 'uvu/assert';
import { observe, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

const P = 'default';
const S = SYSTEM_PRINCIPAL;

suiteForEachStorage('feature lifecycle: archive, revive, delete', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    for (const name of ['parent', 'child', 'other']) await w.feature(name, { tags: [{ type: 'simple', value: 't' }] });
    await w.admin.addDependency(S, { projectId: P, featureName: 'child', body: { feature: 'parent' } });
  });
  const doc = async (name: string) => (await w.admin.getFeature(S, { projectId: P, featureName: name })).feature;
  const lastEvents = async (n: number) => (await w.admin.listEvents(S)).events.slice(0, n).map((e) => e.type);
  /** The call fails with that error and changes nothing: the features named and the event count as before. */
  async function failsUnchanged(
    call: () => Promise<unknown>,
    name: Parameters<typeof rejects>[1],
    message?: RegExp,
    features = ['parent', 'child', 'other'],
  ) {
    const before = await Promise.all(features.map((f) => observe(w, P, f)));
    const error = await rejects(call(), name, message);
    assert.equal(await Promise.all(features.map((f) => observe(w, P, f))), before, 'state and event count unchanged');
    return error;
  }
  const featureCount = async () => (await w.admin.listProjects(S)).projects.find((p) => p.id === P)!.featureCount;

  test('archive: served to no SDK, read-only (400, nothing changed), figures without it; revive: off everywhere, lifecycle initial', async () => {
    await w.admin.toggleEnvironment(S, { projectId: P, featureName: 'other', environment: 'development', enabled: true });
    assert.is(await featureCount(), 3);
    await w.admin.archiveFeature(S, { projectId: P, featureName: 'other' });
    const archived = await doc('other');
    assert.equal(
      [archived.archived, archived.lifecycle.stage, archived.archivedAt],
      [true, 'archived', new Date(w.clock.ms).toISOString()],
    );
    assert.equal(await lastEvents(1), ['feature-archived']);
    assert.is(await featureCount(), 2);
    const served = (await w.admin.getClientFeatures(w.keys.client.principal)).body.features.map((f) => f.name);
    assert.not.ok(served.includes('other'));
    const edits: [string, () => Promise<unknown>][] = [
      ['toggle', () => w.admin.toggleEnvironment(S, { projectId: P, featureName: 'other', environment: 'development', enabled: false })],
      ['put', () => w.admin.updateFeature(S, { projectId: P, featureName: 'other', body: { description: 'x' } })],
      [
        'patch',
        () => w.admin.patchFeature(S, { projectId: P, featureName: 'other', patch: [{ op: 'replace', path: '/description', value: 'x' }] }),
      ],
      [
        'strategy',
        () => w.admin.addStrategy(S, { projectId: P, featureName: 'other', environment: 'development', body: { name: 'default' } }),
      ],
      ['archive again', () => w.admin.archiveFeature(S, { projectId: P, featureName: 'other' })],
      ['link', () => w.admin.createFeatureLink(S, { projectId: P, featureName: 'other', body: { url: 'example.com' } })],
    ];
    for (const [what, call] of edits) {
      const error = await failsUnchanged(call, 'BadDataError', /archived/);
      assert.ok(error, what);
    }
    w.clock.ms += 1000;
    await w.admin.reviveFeature(S, { featureName: 'other' });
    const revived = await doc('other');
    assert.equal([revived.archived, revived.archivedAt, revived.lifecycle.stage], [false, null, 'initial']);
    assert.ok(
      revived.environments.every((e) => !e.enabled),
      'off in every environment',
    );
    assert.equal(await lastEvents(1), ['feature-revived']);
    assert.is(await featureCount(), 3);
    await failsUnchanged(() => w.admin.reviveFeature(S, { featureName: 'other' }), 'BadDataError', /not archived/);
    await failsUnchanged(() => w.admin.reviveFeature(S, { featureName: 'nope' }), 'NotFoundError');
    await failsUnchanged(() => w.admin.archiveFeature(S, { projectId: P, featureName: 'nope' }), 'NotFoundError');
  });

  test('a parent is archived only with its live children (409 alone); the batch takes both, the child loses its dependency', async () => {
    const error = await failsUnchanged(
      () => w.admin.archiveFeature(S, { projectId: P, featureName: 'parent' }),
      'ConflictError',
      /"child" depend/,
    );
    assert.equal(error.details, [{ message: '"child" depends on "parent"', path: '/archived' }]);
    const alone = await w.admin.validateArchiveFeatures(S, { projectId: P, body: { features: ['parent'] } });
    assert.equal(alone, { parentsWithChildFeatures: ['parent'], hasDeletedDependencies: true });
    assert.equal(await w.admin.validateArchiveFeatures(S, { projectId: P, body: { features: ['parent', 'child'] } }), {
      parentsWithChildFeatures: [],
      hasDeletedDependencies: true,
    });
    assert.equal(await w.admin.validateArchiveFeatures(S, { projectId: P, body: { features: ['other'] } }), {
      parentsWithChildFeatures: [],
      hasDeletedDependencies: false,
    });
    await failsUnchanged(() => w.admin.archiveFeatures(S, { projectId: P, body: { features: ['other', 'parent'] } }), 'ConflictError');
    await failsUnchanged(() => w.admin.archiveFeatures(S, { projectId: P, body: { features: ['other', 'nope'] } }), 'NotFoundError');
    await w.admin.archiveFeatures(S, { projectId: P, body: { features: ['parent', 'child'] } });
    const [parent, child] = [await doc('parent'), await doc('child')];
    assert.equal([parent.archived, child.archived, child.dependencies, parent.children], [true, true, [], []]);
    assert.equal(await lastEvents(3), ['feature-archived', 'feature-dependencies-removed', 'feature-archived']);
  });

  test('delete: only from the archive (400 live, 404 unknown); the name is free again, the figures and the links follow', async () => {
    await failsUnchanged(() => w.admin.deleteFeature(S, { featureName: 'other' }), 'BadDataError', /not archived/);
    await failsUnchanged(() => w.admin.deleteFeature(S, { featureName: 'nope' }), 'NotFoundError');
    await failsUnchanged(() => w.admin.deleteFeatures(S, { projectId: P, body: { features: ['other'] } }), 'BadDataError');
    await w.admin.archiveFeature(S, { projectId: P, featureName: 'other' });
    const events = await w.eventCount();
    await w.admin.deleteFeature(S, { featureName: 'other' });
    await rejects(w.admin.getFeature(S, { projectId: P, featureName: 'other' }), 'NotFoundError');
    assert.is(await w.eventCount(), events + 1);
    const [deleted] = (await w.admin.listEvents(S)).events;
    assert.equal(
      [deleted!.type, deleted!.featureName, (deleted!.preData as { name: string }).name, deleted!.tags],
      ['feature-deleted', 'other', 'other', [{ type: 'simple', value: 't' }]],
    );
    assert.is(await featureCount(), 2);
    const again = await w.feature('other');
    assert.is(again.name, 'other');
    assert.is(await featureCount(), 3);
    await w.admin.archiveFeatures(S, { projectId: P, body: { features: ['child', 'parent'] } });
    await w.admin.deleteFeatures(S, { projectId: P, body: { features: ['parent', 'child'] } });
    assert.equal(
      (await w.admin.listFeatures(S, { projectId: P })).features.map((f) => f.name),
      ['other'],
    );
  });

  test('delete cleans the links of features archived before with their dependency kept', async () => {
    await w.admin.archiveFeatures(S, { projectId: P, body: { features: ['child', 'parent'] } });
    await w.admin.deleteFeature(S, { featureName: 'parent' });
    assert.equal((await doc('child')).dependencies, []);
  });
});

suiteForEachStorage('feature lifecycle: PUT, validate, clone, stale, bulk on/off, variants-batch, constraints', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.feature('source', {
      description: 'the source',
      type: 'experiment',
      impressionData: true,
      tags: [{ type: 'simple', value: 'a' }],
    });
    await w.feature('parent');
    await w.admin.addDependency(S, { projectId: P, featureName: 'source', body: { feature: 'parent' } });
    await w.admin.addStrategy(S, {
      projectId: P,
      featureName: 'source',
      environment: 'development',
      body: { name: 'flexibleRollout', parameters: { rollout: '50', stickiness: 'default', groupId: 'source' } },
    });
    await w.admin.putEnvironmentVariants(S, {
      projectId: P,
      featureName: 'source',
      environment: 'development',
      body: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    });
  });
  const doc = async (name: string) => (await w.admin.getFeature(S, { projectId: P, featureName: name })).feature;

  test('PUT replaces metadata as Unleash (defaults when left out), one event per fact; archived true and another name: 400', async () => {
    const { feature } = await w.admin.updateFeature(S, { projectId: P, featureName: 'source', body: { description: 'new', stale: true } });
    assert.equal([feature.description, feature.type, feature.impressionData, feature.stale], ['new', 'release', false, true]);
    const types = (await w.admin.listEvents(S)).events.slice(0, 2).map((e) => e.type);
    assert.equal(types, ['feature-stale-on', 'feature-metadata-updated']);
    const events = await w.eventCount();
    await w.admin.updateFeature(S, { projectId: P, featureName: 'source', body: { description: 'new', stale: true } });
    assert.is(await w.eventCount(), events, 'the same again: no event');
    for (const body of [{ archived: true }, { name: 'other' }, { type: 'nope' }, { description: 5 }]) {
      const before = await observe(w, P, 'source');
      await rejects(w.admin.updateFeature(S, { projectId: P, featureName: 'source', body }), 'BadDataError');
      assert.equal(await observe(w, P, 'source'), before);
    }
    await rejects(w.admin.updateFeature(S, { projectId: P, featureName: 'nope', body: {} }), 'NotFoundError');
    await rejects(w.admin.updateFeature(w.keys.viewer.principal, { projectId: P, featureName: 'source', body: {} }), 'NoAccessError');
  });

  test('validate: a free name resolves; taken (archived too) 409; a bad name 400', async () => {
    assert.is(await w.admin.validateFeature(S, { body: { name: 'free' } }), null);
    await rejects(w.admin.validateFeature(S, { body: { name: 'source' } }), 'NameExistsError', /A flag with that name/);
    await w.admin.archiveFeature(S, { projectId: P, featureName: 'parent' }).catch(() => undefined);
    await w.admin.deleteDependencies(S, { projectId: P, featureName: 'source' });
    await w.admin.archiveFeature(S, { projectId: P, featureName: 'parent' });
    await rejects(w.admin.validateFeature(S, { body: { name: 'parent' } }), 'NameExistsError', /archived/);
    await rejects(w.admin.validateFeature(S, { body: { name: 'a b' } }), 'BadDataError');
  });

  test('clone: strategies with new ids and the new groupId, variants, tags, parents; off; the name rule as create', async () => {
    const clone = await w.admin.cloneFeature(S, { projectId: P, featureName: 'source', body: { name: 'copy' } });
    const source = await doc('source');
    assert.equal(
      [clone.type, clone.description, clone.impressionData, clone.tags, clone.dependencies],
      ['experiment', 'the source', true, [{ type: 'simple', value: 'a' }], source.dependencies],
    );
    const [from, to] = [source.environments[0]!, clone.environments[0]!];
    assert.is(to.strategies.length, 1);
    assert.is.not(to.strategies[0]!.id, from.strategies[0]!.id);
    assert.equal(to.strategies[0]!.parameters, { rollout: '50', stickiness: 'default', groupId: 'copy' });
    assert.equal(to.variants, from.variants);
    assert.ok(clone.environments.every((e) => !e.enabled));
    assert.equal((await doc('parent')).children, ['copy', 'source']);
    const kept = await w.admin.cloneFeature(S, { projectId: P, featureName: 'source', body: { name: 'copy2', replaceGroupId: false } });
    assert.is(kept.environments[0]!.strategies[0]!.parameters['groupId'], 'source');
    const before = await observe(w, P, 'source');
    await rejects(w.admin.cloneFeature(S, { projectId: P, featureName: 'source', body: { name: 'copy' } }), 'NameExistsError');
    await rejects(w.admin.cloneFeature(S, { projectId: P, featureName: 'source', body: { name: 'a b' } }), 'BadDataError');
    await rejects(w.admin.cloneFeature(S, { projectId: P, featureName: 'nope', body: { name: 'x' } }), 'NotFoundError');
    assert.equal(await observe(w, P, 'source'), before);
  });

  test('stale and bulk on/off: all or none (an unknown name 404, nothing changed); the state a feature has: no event', async () => {
    await w.admin.staleFeatures(S, { projectId: P, body: { features: ['source', 'parent'], stale: true } });
    assert.equal([(await doc('source')).stale, (await doc('parent')).stale], [true, true]);
    const events = await w.eventCount();
    await w.admin.staleFeatures(S, { projectId: P, body: { features: ['source'], stale: true } });
    assert.is(await w.eventCount(), events);
    const before = await observe(w, P, 'source');
    await rejects(w.admin.staleFeatures(S, { projectId: P, body: { features: ['source', 'nope'], stale: false } }), 'NotFoundError');
    await rejects(
      w.admin.bulkToggleEnvironment(S, { projectId: P, environment: 'development', enabled: true, body: { features: ['source', 'nope'] } }),
      'NotFoundError',
    );
    assert.equal(await observe(w, P, 'source'), before);
    await w.admin.bulkToggleEnvironment(S, {
      projectId: P,
      environment: 'development',
      enabled: true,
      body: { features: ['source', 'parent'] },
    });
    assert.equal([(await doc('source')).environments[0]!.enabled, (await doc('parent')).environments[0]!.enabled], [true, true]);
    await w.admin.bulkToggleEnvironment(S, { projectId: P, environment: 'development', enabled: false, body: { features: ['source'] } });
    assert.is((await doc('source')).environments[0]!.enabled, false);
    await rejects(
      w.admin.bulkToggleEnvironment(S, { projectId: P, environment: 'nope', enabled: true, body: { features: ['source'] } }),
      'NotFoundError',
    );
  });

  test('variants-batch: one set onto each environment named, one event each; none named 400', async () => {
    const variants = [{ name: 'red', weight: 1000, weightType: 'variable', stickiness: 'default' }];
    const { result } = await w.admin.overwriteVariantsOnEnvironments(S, {
      projectId: P,
      featureName: 'source',
      body: { variants, environments: ['development', 'production'] },
    });
    assert.equal(
      result.variants.map((v) => v.name),
      ['red'],
    );
    assert.equal(
      (await doc('source')).environments.map((e) => e.variants.map((v) => v.name)),
      [['red'], ['red']],
    );
    const events = (await w.admin.listEvents(S)).events.slice(0, 2);
    assert.equal(
      events.map((e) => [e.type, e.environment]),
      [
        ['feature-environment-variants-updated', 'production'],
        ['feature-environment-variants-updated', 'development'],
      ],
    );
    const before = await observe(w, P, 'source');
    await rejects(w.admin.overwriteVariantsOnEnvironments(S, { projectId: P, featureName: 'source', body: { variants } }), 'BadDataError');
    await rejects(
      w.admin.overwriteVariantsOnEnvironments(S, {
        projectId: P,
        featureName: 'source',
        body: { variants, environments: ['development', 'nope'] },
      }),
      'NotFoundError',
    );
    assert.equal(await observe(w, P, 'source'), before);
  });

  test('getFeatureEnvironment and validateConstraint', async () => {
    const env = await w.admin.getFeatureEnvironment(S, { projectId: P, featureName: 'source', environment: 'development' });
    assert.equal([env.name, env.featureName, env.strategies.length], ['development', 'source', 1]);
    await rejects(w.admin.getFeatureEnvironment(S, { projectId: P, featureName: 'source', environment: 'nope' }), 'NotFoundError');
    assert.is(await w.admin.validateConstraint(S, { body: { contextName: 'userId', operator: 'IN', values: ['a'] } }), null);
    await rejects(
      w.admin.validateConstraint(S, { body: { contextName: 'version', operator: 'SEMVER_EQ', value: 'x' } }),
      'BadDataError',
      /semantic/,
    );
    await rejects(w.admin.validateConstraint(S, { body: { contextName: 'userId', operator: 'NOPE' } }), 'BadDataError');
  });
});

suiteForEachStorage('feature lifecycle: stages and links', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.feature('flag');
  });
  const ref = { projectId: P, featureName: 'flag' };

  test('complete, uncomplete, the stage list and the counts', async () => {
    assert.equal(await w.admin.getFeatureLifecycle(S, ref), [{ stage: 'initial', enteredStageAt: new Date(w.clock.ms).toISOString() }]);
    w.clock.ms += 1000;
    await w.admin.completeFeature(S, { ...ref, body: { status: 'kept', statusValue: 'blue' } });
    const stages = await w.admin.getFeatureLifecycle(S, ref);
    assert.equal(
      stages.map((s) => [s.stage, s.status]),
      [
        ['initial', undefined],
        ['completed', 'kept'],
      ],
    );
    const { feature } = await w.admin.getFeature(S, ref);
    assert.is(feature.lifecycle.stage, 'completed');
    const [event] = (await w.admin.listEvents(S)).events;
    assert.equal([event!.type, event!.data], ['feature-completed', { status: 'kept', statusValue: 'blue', kept: true }]);
    assert.equal(await w.admin.countLifecycleStages(S), { initial: 0, preLive: 0, live: 0, completed: 1, archived: 0 });
    await w.admin.uncompleteFeature(S, ref);
    assert.is((await w.admin.getFeature(S, ref)).feature.lifecycle.stage, 'initial');
    assert.is((await w.admin.listEvents(S)).events[0]!.type, 'feature-uncompleted');
    const events = await w.eventCount();
    await w.admin.uncompleteFeature(S, ref);
    assert.is(await w.eventCount(), events, 'not completed: no change');
    await rejects(w.admin.completeFeature(S, { ...ref, body: { status: 'maybe' } }), 'BadDataError');
    await w.admin.archiveFeature(S, ref);
    assert.equal(await w.admin.countLifecycleStages(S), { initial: 0, preLive: 0, live: 0, completed: 0, archived: 1 });
    assert.equal(await w.admin.countLifecycleStages(w.keys.viewer.principal), {
      initial: 0,
      preLive: 0,
      live: 0,
      completed: 0,
      archived: 1,
    });
  });

  test('links: added with a normalized URL, changed, removed; bad URL 400, unknown id 404, the 11th 403', async () => {
    const link = await w.admin.createFeatureLink(S, { ...ref, body: { url: 'example.com/issue/1', title: 'Issue' } });
    assert.equal(link, { id: link.id, url: 'https://example.com/issue/1', title: 'Issue' });
    assert.equal((await w.admin.getFeature(S, ref)).feature.links, [{ ...link, feature: 'flag' }]);
    await w.admin.updateFeatureLink(S, { ...ref, linkId: link.id, body: { url: 'https://example.org' } });
    assert.equal((await w.admin.getFeature(S, ref)).feature.links, [
      { id: link.id, url: 'https://example.org', title: null, feature: 'flag' },
    ]);
    const types = (await w.admin.listEvents(S)).events.slice(0, 2).map((e) => e.type);
    assert.equal(types, ['feature-link-updated', 'feature-link-added']);
    const before = await observe(w, P, 'flag');
    await rejects(w.admin.createFeatureLink(S, { ...ref, body: { url: 'javascript:alert(1)' } }), 'BadDataError', /Invalid URL/);
    await rejects(w.admin.updateFeatureLink(S, { ...ref, linkId: '999', body: { url: 'example.com' } }), 'NotFoundError');
    await rejects(w.admin.deleteFeatureLink(S, { ...ref, linkId: '999' }), 'NotFoundError');
    assert.equal(await observe(w, P, 'flag'), before);
    await w.admin.deleteFeatureLink(S, { ...ref, linkId: link.id });
    assert.is((await w.admin.getFeature(S, ref)).feature.links, undefined);
    for (let i = 0; i < 10; i++) await w.admin.createFeatureLink(S, { ...ref, body: { url: `example.com/${i}` } });
    await rejects(w.admin.createFeatureLink(S, { ...ref, body: { url: 'example.com/10' } }), 'OperationDeniedError', /Too many links/);
  });
});
