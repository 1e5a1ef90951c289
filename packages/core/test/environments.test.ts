import * as assert from 'uvu/assert';
import { assertSchema, DAY, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

const S = SYSTEM_PRINCIPAL;

suiteForEachStorage('environments', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
  });

  const names = async () => (await w.admin.getAllEnvironments(S)).environments.map((e) => `${e.name}:${e.enabled}:${e.sortOrder}`);
  const state = async () => ({
    environments: await w.admin.getAllEnvironments(S),
    projects: await w.admin.getProjectEnvironments(S, { projectId: 'default' }),
    events: await w.eventCount(),
  });
  async function failsUnchanged(call: () => Promise<unknown>, name: Parameters<typeof rejects>[1], message?: RegExp) {
    const before = await state();
    await rejects(call(), name, message);
    assert.equal(await state(), before, 'environments, project environments and event count unchanged');
  }
  const client = async (environment: string) => w.key({ type: 'client', environment });
  const served = async (key: Awaited<ReturnType<typeof client>>) =>
    (await w.admin.getClientFeatures(key.principal, {})).body.features.map((f) => `${f.name}:${f.enabled}:${f.strategies.length}`);

  test('a fresh instance has development and production, enabled, unprotected, with Unleash counts', async () => {
    const all = await w.admin.getAllEnvironments(S);
    assertSchema('environments', all);
    assert.equal(
      all.environments.map((e) => [e.name, e.type, e.enabled, e.protected, e.sortOrder, e.projectCount, e.apiTokenCount]),
      [
        ['development', 'development', true, false, 100, 1, 1],
        ['production', 'production', true, false, 200, 1, 0],
      ],
    );
    assert.equal(await w.admin.getEnvironment(S, { name: 'production' }), {
      name: 'production',
      type: 'production',
      enabled: true,
      protected: false,
      sortOrder: 200,
    });
    await rejects(w.admin.getEnvironment(S, { name: 'nope' }), 'NotFoundError', /nope/);
  });

  test('create: 201 document, one event, used by no project; bad or taken names change nothing', async () => {
    const created = await w.admin.createEnvironment(S, { body: { name: 'staging', type: 'preproduction' } });
    assertSchema('environment', created);
    assert.equal(created, { name: 'staging', type: 'preproduction', enabled: true, protected: false, sortOrder: 300 });
    const projectEnvs = await w.admin.getProjectEnvironments(S, { projectId: 'default' });
    assertSchema('projectEnvironments', projectEnvs);
    assert.equal(
      projectEnvs.environments.map((e) => [e.name, e.visible]),
      [
        ['development', true],
        ['production', true],
        ['staging', false],
      ],
    );
    await failsUnchanged(() => w.admin.createEnvironment(S, { body: { name: 'staging', type: 'test' } }), 'NameExistsError');
    for (const name of ['a.b', '*', '', 'x'.repeat(101), 'a b'])
      await failsUnchanged(() => w.admin.createEnvironment(S, { body: { name, type: 'test' } }), 'BadDataError');
    await failsUnchanged(() => w.admin.createEnvironment(S, { body: { name: 'ok', type: '' } }), 'BadDataError');
    await failsUnchanged(() => w.admin.createEnvironment(S, { body: { name: 'ok', type: 'test', extra: 1 } }), 'BadDataError');
    await failsUnchanged(() => w.admin.createEnvironment(w.keys.editor.principal, { body: { name: 'ok', type: 'test' } }), 'NoAccessError');
  });

  test('a new project uses the enabled environments only; a disabled one is served to no SDK', async () => {
    await w.admin.createEnvironment(S, { body: { name: 'qa', type: 'test', enabled: false } });
    await w.project('p1');
    assert.equal(
      (await w.admin.getProjectEnvironments(S, { projectId: 'p1' })).environments.filter((e) => e.visible).map((e) => e.name),
      ['development', 'production'],
    );
    await w.feature('f1');
    await w.admin.toggleEnvironment(S, { projectId: 'default', featureName: 'f1', environment: 'development', enabled: true });
    const dev = await client('development');
    assert.equal(await served(dev), ['f1:true:1']);
    const events = await w.eventCount();
    await w.admin.setEnvironmentEnabled(S, { name: 'development', enabled: false });
    assert.is(await w.eventCount(), events + 1, 'environment-updated');
    await w.admin.setEnvironmentEnabled(S, { name: 'development', enabled: false });
    assert.is(await w.eventCount(), events + 1, 'the state it has is no change');
    assert.equal(await served(dev), ['f1:false:1'], 'a disabled environment serves every feature disabled');
    const all = await w.key({ type: 'client', environment: '*' });
    assert.is(
      (await w.admin.getClientFeatures(all.principal, {})).body.query.environment,
      'production',
      'a * key reads the first enabled one',
    );
    await w.admin.setEnvironmentEnabled(S, { name: 'development', enabled: true });
    assert.equal(await served(dev), ['f1:true:1'], 'enabled again, as it was');
    await failsUnchanged(() => w.admin.setEnvironmentEnabled(S, { name: 'nope', enabled: true }), 'NotFoundError');
  });

  test('sort order: the named ones move, unknown names are ignored, a bad body changes nothing', async () => {
    await w.admin.updateEnvironmentSortOrder(S, { body: { production: 50, nope: 1 } });
    assert.equal(await names(), ['production:true:50', 'development:true:100']);
    await failsUnchanged(() => w.admin.updateEnvironmentSortOrder(S, { body: { production: 'x' } }), 'BadDataError');
    await failsUnchanged(() => w.admin.updateEnvironmentSortOrder(S, { body: { production: 1.5 } }), 'BadDataError');
    await failsUnchanged(() => w.admin.updateEnvironmentSortOrder(S, { body: [] }), 'BadDataError');
  });

  test('update: type, sort order, required approvals; name and enabled stay', async () => {
    const updated = await w.admin.updateEnvironment(S, { name: 'development', body: { type: 'test', sortOrder: 7, requiredApprovals: 2 } });
    assert.equal(updated, { name: 'development', type: 'test', enabled: true, protected: false, sortOrder: 7, requiredApprovals: 2 });
    await failsUnchanged(() => w.admin.updateEnvironment(S, { name: 'development', body: { enabled: false } }), 'BadDataError');
    await failsUnchanged(() => w.admin.updateEnvironment(S, { name: 'nope', body: { type: 'x' } }), 'NotFoundError');
  });

  test("removing from a project keeps the features' configuration for a re-add, which comes back disabled", async () => {
    await w.feature('f1');
    await w.admin.toggleEnvironment(S, { projectId: 'default', featureName: 'f1', environment: 'production', enabled: true });
    const prod = await client('production');
    assert.equal(await served(prod), ['f1:true:1']);
    const strategies = (await w.admin.getFeature(S, { projectId: 'default', featureName: 'f1' })).feature.environments[1]!.strategies;
    const events = await w.eventCount();
    await w.admin.removeEnvironmentFromProject(S, { projectId: 'default', environment: 'production' });
    assert.is(await w.eventCount(), events + 1, 'project-environment-removed');
    const removed = (await w.admin.getFeature(S, { projectId: 'default', featureName: 'f1' })).feature;
    assert.equal(
      removed.environments.map((e) => e.name),
      ['development'],
    );
    assert.equal(await served(prod), ['f1:false:1'], 'not served where the project does not use it');
    await rejects(
      w.admin.toggleEnvironment(S, { projectId: 'default', featureName: 'f1', environment: 'production', enabled: true }),
      'NotFoundError',
    );
    await failsUnchanged(
      () => w.admin.removeEnvironmentFromProject(S, { projectId: 'default', environment: 'production' }),
      'BadDataError',
    );
    await w.admin.addEnvironmentToProject(S, { projectId: 'default', body: { environment: 'production' } });
    const back = (await w.admin.getFeature(S, { projectId: 'default', featureName: 'f1' })).feature.environments[1]!;
    assert.is(back.enabled, false);
    assert.equal(back.strategies, strategies, 'its strategies are back');
    await failsUnchanged(
      () => w.admin.addEnvironmentToProject(S, { projectId: 'default', body: { environment: 'production' } }),
      'NameExistsError',
    );
    await failsUnchanged(() => w.admin.addEnvironmentToProject(S, { projectId: 'default', body: { environment: 'nope' } }), 'BadDataError');
    await failsUnchanged(() => w.admin.addEnvironmentToProject(S, { projectId: 'default', body: {} }), 'BadDataError');
    await failsUnchanged(
      () => w.admin.addEnvironmentToProject(w.keys.editor.principal, { projectId: 'default', body: { environment: 'x' } }),
      'NoAccessError',
    );
    await rejects(w.admin.addEnvironmentToProject(S, { projectId: 'nope', body: { environment: 'production' } }), 'NotFoundError');
  });

  test("a new environment added to a project: its features get it disabled; the project's default strategy is what enabling adds", async () => {
    await w.feature('f1');
    await w.admin.createEnvironment(S, { body: { name: 'staging', type: 'preproduction' } });
    const strategy = { name: 'flexibleRollout', parameters: { rollout: '25', stickiness: 'userId', groupId: '' }, constraints: [] };
    await w.admin.addEnvironmentToProject(S, {
      projectId: 'default',
      body: { environment: 'staging', changeRequestsEnabled: true, defaultStrategy: strategy },
    });
    const config = await w.admin.getChangeRequestConfig(S, { projectId: 'default' });
    assert.ok(JSON.stringify(config).includes('staging'));
    const doc = (await w.admin.getFeature(S, { projectId: 'default', featureName: 'f1' })).feature;
    assert.equal(
      doc.environments.map((e) => [e.name, e.enabled, e.strategies.length]),
      [
        ['development', false, 0],
        ['staging', false, 0],
        ['production', false, 0],
      ].sort((a, b) => (a[0] === 'staging' ? 1 : b[0] === 'staging' ? -1 : 0)),
    );
    const projectEnvs = await w.admin.getProjectEnvironments(S, { projectId: 'default' });
    assertSchema('projectEnvironments', projectEnvs);
    assert.is(projectEnvs.environments.find((e) => e.name === 'staging')!.defaultStrategy!.parameters['rollout'], '25');

    const set = await w.admin.updateProjectDefaultStrategy(S, {
      projectId: 'default',
      environment: 'development',
      body: { name: 'flexibleRollout', parameters: { rollout: '40', stickiness: 'default', groupId: '' } },
    });
    assertSchema('defaultStrategy', set);
    await w.admin.toggleEnvironment(S, { projectId: 'default', featureName: 'f1', environment: 'development', enabled: true });
    const added = (await w.admin.getFeature(S, { projectId: 'default', featureName: 'f1' })).feature.environments[0]!.strategies[0]!;
    assert.equal([added.name, added.parameters], ['flexibleRollout', { rollout: '40', stickiness: 'default', groupId: 'f1' }]);
    await w.feature('f2');
    await w.admin.patchFeature(S, {
      projectId: 'default',
      featureName: 'f2',
      patch: [{ op: 'replace', path: '/environments/0/enabled', value: true }],
    });
    const patched = (await w.admin.getFeature(S, { projectId: 'default', featureName: 'f2' })).feature.environments[0]!.strategies[0]!;
    assert.is(patched.parameters['rollout'], '40', 'a PATCH enabling it adds the same default');

    const bad =
      (body: unknown, environment = 'development') =>
      () =>
        w.admin.updateProjectDefaultStrategy(S, { projectId: 'default', environment, body });
    await failsUnchanged(bad({ name: 'default' }), 'BadDataError', /flexibleRollout/);
    await failsUnchanged(bad({ name: 'flexibleRollout', parameters: { rollout: '101' } }), 'BadDataError');
    await failsUnchanged(bad({ name: 'flexibleRollout' }, 'nope'), 'BadDataError');
    const events = await w.eventCount();
    await w.admin.updateProjectDefaultStrategy(S, { projectId: 'default', environment: '*', body: { name: 'flexibleRollout' } });
    assert.is(await w.eventCount(), events + 3, 'one default-strategy-updated per environment of the project');
  });

  test('delete: everything naming it goes, its keys stop at once, and a new one of the same name starts clean', async () => {
    await w.admin.createEnvironment(S, { body: { name: 'staging', type: 'test' } });
    await w.admin.addEnvironmentToProject(S, { projectId: 'default', body: { environment: 'staging', changeRequestsEnabled: true } });
    await w.feature('f1');
    await w.admin.toggleEnvironment(S, { projectId: 'default', featureName: 'f1', environment: 'staging', enabled: true });
    const key = await client('staging');
    assert.equal(await served(key), ['f1:true:1']);
    const events = await w.eventCount();
    await w.admin.deleteEnvironment(S, { name: 'staging' });
    assert.is(await w.eventCount(), events + 1, 'environment-deleted');
    await rejects(w.admin.authenticate(key.secret), 'AuthenticationRequired');
    await rejects(w.admin.getEnvironment(S, { name: 'staging' }), 'NotFoundError');
    assert.equal(
      (await w.admin.getFeature(S, { projectId: 'default', featureName: 'f1' })).feature.environments.map((e) => e.name),
      ['development', 'production'],
    );
    assert.not.ok(JSON.stringify(await w.admin.getChangeRequestConfig(S, { projectId: 'default' })).includes('staging'));
    await w.admin.createEnvironment(S, { body: { name: 'staging', type: 'test' } });
    await rejects(w.admin.authenticate(key.secret), 'AuthenticationRequired');
    await w.admin.addEnvironmentToProject(S, { projectId: 'default', body: { environment: 'staging' } });
    const fresh = (await w.admin.getFeature(S, { projectId: 'default', featureName: 'f1' })).feature.environments.find(
      (e) => e.name === 'staging',
    )!;
    assert.equal([fresh.enabled, fresh.strategies], [false, []], 'nothing of the deleted one comes back');
    await failsUnchanged(() => w.admin.deleteEnvironment(S, { name: 'nope' }), 'NotFoundError');
    await failsUnchanged(() => w.admin.deleteEnvironment(w.keys.editor.principal, { name: 'staging' }), 'NoAccessError');
  });

  test('feature types: Unleash lifetimes; a changed lifetime moves potentiallyStale in features and project figures', async () => {
    const types = await w.admin.getFeatureTypes(S);
    assertSchema('featureTypes', types);
    assert.equal(
      types.types.map((t) => [t.id, t.lifetimeDays]),
      [
        ['release', 40],
        ['experiment', 40],
        ['operational', 7],
        ['kill-switch', null],
        ['permission', null],
      ],
    );
    await w.feature('r1');
    await w.feature('k1', { type: 'kill-switch' });
    w.clock.ms += 10 * DAY;
    const stale = async () =>
      (await w.admin.listFeatures(S, { projectId: 'default' })).features.map((f) => `${f.name}:${f.potentiallyStale}`);
    assert.equal(await stale(), ['k1:false', 'r1:false']);
    const updated = await w.admin.updateFeatureTypeLifetime(S, { id: 'Release', body: { lifetimeDays: 5 } });
    assertSchema('featureType', updated);
    assert.is(updated.lifetimeDays, 5);
    assert.equal(await stale(), ['k1:false', 'r1:true']);
    assert.is((await w.admin.getFeature(S, { projectId: 'default', featureName: 'r1' })).feature.potentiallyStale, true);
    const project = (await w.admin.listProjects(S)).projects.find((p) => p.id === 'default')!;
    assert.is(project.potentiallyStaleFeatureCount, 1);
    assert.is((await w.admin.updateFeatureTypeLifetime(S, { id: 'release', body: { lifetimeDays: 0 } })).lifetimeDays, null);
    assert.equal(await stale(), ['k1:false', 'r1:false'], '0 is never');
    const before = { types: await w.admin.getFeatureTypes(S), events: await w.eventCount() };
    await rejects(w.admin.updateFeatureTypeLifetime(S, { id: 'nope', body: { lifetimeDays: 1 } }), 'NotFoundError');
    for (const body of [{}, { lifetimeDays: -1 }, { lifetimeDays: 1.5 }, { lifetimeDays: '3' }])
      await rejects(w.admin.updateFeatureTypeLifetime(S, { id: 'release', body }), 'BadDataError');
    await rejects(
      w.admin.updateFeatureTypeLifetime(w.keys.editor.principal, { id: 'release', body: { lifetimeDays: 1 } }),
      'NoAccessError',
    );
    assert.equal({ types: await w.admin.getFeatureTypes(S), events: await w.eventCount() }, before);
  });
});
