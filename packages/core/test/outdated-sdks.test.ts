import * as assert from 'uvu/assert';
import { isOutdatedSdk } from '../src/base/sdk-versions';
import { assertSchema, DAY, rejects, SYSTEM_PRINCIPAL, suiteForEachStorage, type World } from './helpers';

suiteForEachStorage('outdated SDKs', (test, world) => {
  let w: World;
  test.before.each(async () => {
    w = await world();
    await w.project('p1');
    await w.project('p2');
    await w.feature('f1', {}, 'p1');
    await w.feature('g1', {}, 'p2');
  });

  const register = (appName: string, sdkVersion: string, instanceId = 'i1') =>
    w.admin.registerClient(w.keys.client.principal, {
      body: { appName, instanceId, sdkVersion, strategies: [], started: new Date().toISOString(), interval: 10000 },
    });
  const metrics = (appName: string, toggles: Record<string, { yes: number; no: number }>, instanceId = 'i1') =>
    w.admin.recordMetrics(w.keys.client.principal, { body: { appName, instanceId, bucket: { start: '', stop: '', toggles } } });

  test('the rule: known SDK name and a valid semver below its minimum', () => {
    assert.is(isOutdatedSdk('unleash-client-node:5.3.1'), true);
    assert.is(isOutdatedSdk('unleash-client-node:5.3.2'), false);
    assert.is(isOutdatedSdk('unleash-client-node:3.9.1'), true);
    assert.is(isOutdatedSdk('unleash-client-java:9.1.9'), true);
    assert.is(isOutdatedSdk('unleash-php-sdk:2.9.0'), true);
    assert.is(isOutdatedSdk('my-own-sdk:0.0.1'), false, 'unknown names are never outdated');
    assert.is(isOutdatedSdk('unleash-client-node'), false, 'no version');
    assert.is(isOutdatedSdk('unleash-client-node:banana'), false, 'invalid version');
    assert.is(isOutdatedSdk(':1.0.0'), false);
  });

  test('apps that reported metrics for a project, with every SDK version their instances registered', async () => {
    await register('shop', 'unleash-client-node:3.9.1', 'a');
    await register('shop', 'unleash-client-node:6.0.0', 'b');
    await register('billing', 'unleash-client-node:3.9.1');
    await register('api', 'unleash-client-java:8.0.0');
    await register('only-registered', 'unleash-client-node:1.0.0');
    await register('other-project', 'unleash-client-go:1.0.0');
    await metrics('shop', { f1: { yes: 1, no: 0 } }, 'b');
    await metrics('billing', { f1: { yes: 0, no: 3 } });
    await metrics('api', { f1: { yes: 2, no: 2 }, unknown: { yes: 1, no: 0 } });
    await metrics('other-project', { g1: { yes: 1, no: 0 } });
    const result = await w.admin.listOutdatedSdks(w.keys.admin.principal, { projectId: 'p1' });
    assertSchema('outdatedSdks', result);
    assert.equal(result.sdks, [
      { sdkVersion: 'unleash-client-java:8.0.0', applications: ['api'] },
      { sdkVersion: 'unleash-client-node:3.9.1', applications: ['billing', 'shop'] },
    ]);
    assert.equal((await w.admin.listOutdatedSdks(SYSTEM_PRINCIPAL, { projectId: 'p2' })).sdks, [
      { sdkVersion: 'unleash-client-go:1.0.0', applications: ['other-project'] },
    ]);
  });

  test('metrics with zero counts do not make an app a user of the project', async () => {
    await register('idle', 'unleash-client-node:3.0.0');
    await metrics('idle', { f1: { yes: 0, no: 0 } });
    assert.equal((await w.admin.listOutdatedSdks(SYSTEM_PRINCIPAL, { projectId: 'p1' })).sdks, []);
  });

  test('unknown project 404; project outside the key scope 404; SDK reports are not audit events', async () => {
    const before = await w.eventCount();
    await register('shop', 'unleash-client-node:3.9.1');
    await metrics('shop', { f1: { yes: 1, no: 0 } });
    assert.is(await w.eventCount(), before);
    await rejects(w.admin.listOutdatedSdks(SYSTEM_PRINCIPAL, { projectId: 'nope' }), 'NotFoundError');
    const scoped = await w.key({ type: 'admin', role: 'viewer', projects: ['p2'] });
    await rejects(w.admin.listOutdatedSdks(scoped.principal, { projectId: 'p1' }), 'NotFoundError');
  });

  test('a client key scoped to one project does not attach apps to other projects', async () => {
    const scoped = await w.key({ type: 'client', projects: ['p2'], environment: 'development' });
    await w.admin.registerClient(scoped.principal, {
      body: { appName: 'sneaky', instanceId: 'x', sdkVersion: 'unleash-client-node:1.0.0' },
    });
    await w.admin.recordMetrics(scoped.principal, {
      body: { appName: 'sneaky', instanceId: 'x', bucket: { toggles: { f1: { yes: 5, no: 0 } } } },
    });
    assert.equal((await w.admin.listOutdatedSdks(SYSTEM_PRINCIPAL, { projectId: 'p1' })).sdks, []);
  });

  test('metrics move lastSeenAt of the feature and of the key environment', async () => {
    w.clock.ms += 1000;
    await metrics('shop', { f1: { yes: 1, no: 0 } });
    const { feature } = await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'p1', featureName: 'f1' });
    const at = new Date(w.clock.ms).toISOString();
    assert.is(feature.lastSeenAt, at);
    assert.equal(
      feature.environments.map((e) => e.lastSeenAt),
      [at, null],
    );
  });

  test('an instance not seen for two days is dropped when its app next reports; fresher ones stay', async () => {
    await register('shop', 'unleash-client-node:3.9.1', 'old-pod');
    await metrics('shop', { f1: { yes: 1, no: 0 } }, 'old-pod');
    w.clock.ms += DAY;
    await register('shop', 'unleash-client-node:4.0.0', 'yesterday-pod');
    w.clock.ms += DAY + 1;
    assert.equal(
      (await w.admin.listOutdatedSdks(SYSTEM_PRINCIPAL, { projectId: 'p1' })).sdks.map((s) => s.sdkVersion),
      ['unleash-client-node:3.9.1', 'unleash-client-node:4.0.0'],
    );
    await register('shop', 'unleash-client-node:6.0.0', 'new-pod');
    const app = await w.storage.read((tx) => tx.get('clientApps', 'shop'));
    assert.equal(
      app!.instances.map((i) => i.instanceId),
      ['yesterday-pod', 'new-pod'],
    );
    assert.equal(
      (await w.admin.listOutdatedSdks(SYSTEM_PRINCIPAL, { projectId: 'p1' })).sdks.map((s) => s.sdkVersion),
      ['unleash-client-node:4.0.0'],
    );
  });

  test('bad reports are 400 and store nothing', async () => {
    await rejects(w.admin.registerClient(w.keys.client.principal, { body: { sdkVersion: 'x' } }), 'BadDataError');
    await rejects(
      w.admin.recordMetrics(w.keys.client.principal, { body: { appName: 'a', bucket: { toggles: { f1: { yes: -1 } } } } }),
      'BadDataError',
    );
    // An app's name is its record's key: U+0000 is refused alike on every storage (PostgreSQL text cannot hold it).
    await rejects(register('a\u0000b', 'unleash-client-node:5.0.0'), 'BadDataError', /appName/);
    await rejects(metrics('a\u0000b', { f1: { yes: 1, no: 0 } }), 'BadDataError', /appName/);
    assert.equal(await w.storage.read((tx) => tx.list('clientApps')), []);
  });
});
