// Applications over HTTP on 127.0.0.1, on memory, lowdb and PostgreSQL: what SDKs register and report
// (the client API and the frontend API) answered as Unleash 8.2.0's getApplications, getApplication,
// getApplicationOverview, getApplicationEnvironmentInstances and the instance-wide getOutdatedSdks,
// within the key's projects; unknown applications are 404s where Unleash answers 404.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { expectError, freshWorldEachTest, json, OVER_SOCKET, type HttpWorld, type OpenApiChecker } from './helpers/http-world';
import { LOWDB, MEMORY, POSTGRES, type TestStorage } from './helpers/test-storages';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse('2026-03-02T10:15:00.000Z');
const APPS = '/api/admin/metrics/applications';

function applicationsSuite(storageKind: TestStorage): void {
  const test = suite(`applications over HTTP (${storageKind.name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;
  let clock = START;

  // The clock first: the world and its flag f1 are made at START.
  test.before.each(() => {
    clock = START;
  });
  freshWorldEachTest(test, { transport: OVER_SOCKET, storageKind, now: () => new Date(clock) }, (world, checker) => {
    w = world;
    openapi = checker;
  });
  test.before.each(async () => {
    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'other', name: 'Other' } });
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'other', body: { name: 'o1' } });
  });

  const post = async (path: string, body: unknown, key = w.clientKey) => {
    const res = await w.send(path, json(key, 'POST', body));
    assert.ok(res.status === 202 || res.status === 200, `${path}: ${res.status} ${await res.text()}`);
  };
  const register = (appName: string, instanceId: string, sdkVersion: string, extra: Record<string, unknown> = {}) =>
    post('/api/client/register', { appName, instanceId, sdkVersion, strategies: ['default'], started: 'x', interval: 10, ...extra });
  const report = (appName: string, instanceId: string, toggles: Record<string, unknown>) =>
    post('/api/client/metrics', { appName, instanceId, bucket: { start: 'x', stop: 'x', toggles } });
  const get = async <T>(path: string, key = w.adminKey): Promise<T> => {
    const res = await w.send(path, { headers: { authorization: key } });
    assert.is(res.status, 200, `${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const check = (openPath: string, body: unknown) => openapi.check('GET', openPath, 200, body);

  /** Two apps: `checkout` on two SDK versions (one outdated) using f1 and o1, `billing` (frontend) using f1. */
  async function fleet(): Promise<void> {
    await register('checkout', 'c1', 'unleash-client-node:5.0.0');
    await register('checkout', 'c2', 'unleash-client-node:6.1.0', { strategies: ['default', 'myCustom', 'userWithId'] });
    await report('checkout', 'c1', { f1: { yes: 1 }, o1: { no: 2 } });
    const frontend = (
      await w.admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'fe', type: 'frontend', environment: 'development' } })
    ).secret;
    await post(
      '/api/frontend/client/metrics',
      {
        appName: 'billing',
        instanceId: 'b1',
        sdkVersion: 'unleash-client-js:3.7.0',
        bucket: { start: 'x', stop: 'x', toggles: { f1: { yes: 1 } } },
      },
      frontend,
    );
  }

  test('getApplications: every application by name, filtered, paged, in either order', async () => {
    await fleet();
    const all = await get<{ total: number; applications: { appName: string }[] }>(APPS);
    check('/api/admin/metrics/applications', all);
    assert.equal(all, {
      total: 2,
      applications: [
        {
          appName: 'billing',
          sdkVersion: 'unleash-client-js:3.7.0',
          strategies: [],
          usage: [{ project: 'default', environments: ['development'] }],
        },
        {
          appName: 'checkout',
          sdkVersion: 'unleash-client-node:6.1.0',
          strategies: ['default', 'myCustom', 'userWithId'],
          usage: [
            { project: 'default', environments: ['development'] },
            { project: 'other', environments: ['development'] },
          ],
        },
      ],
    });
    const names = async (q: string) =>
      (await get<{ total: number; applications: { appName: string }[] }>(`${APPS}?${q}`)).applications.map((a) => a.appName);
    assert.equal(await names('sortOrder=desc'), ['checkout', 'billing']);
    assert.equal(await names('query=OUT'), ['checkout']);
    assert.equal(await names('offset=1&limit=1'), ['checkout']);
    assert.equal(await names('limit=nope&offset=-3'), ['billing', 'checkout']);
    assert.is((await get<{ total: number }>(`${APPS}?limit=1`)).total, 2);
    // A key of one project sees the usage of its project only.
    const scoped = await w.admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'a', type: 'admin', projects: ['default'] } });
    const checkout = (await get<{ applications: { appName: string; usage: { project: string }[] }[] }>(APPS, scoped.secret))
      .applications[1]!;
    assert.equal(
      checkout.usage.map((u) => u.project),
      ['default'],
    );
    await expectError(await w.send(APPS, { headers: { authorization: w.clientKey } }), 403, 'NoAccessError');
  });

  test('getApplication: one application; 404 when unknown', async () => {
    await fleet();
    const app = await get<{ appName: string }>(`${APPS}/checkout`);
    check('/api/admin/metrics/applications/{appName}', app);
    assert.equal(app, {
      appName: 'checkout',
      sdkVersion: 'unleash-client-node:6.1.0',
      strategies: ['default', 'myCustom', 'userWithId'],
      usage: [
        { project: 'default', environments: ['development'] },
        { project: 'other', environments: ['development'] },
      ],
    });
    await expectError(await w.send(`${APPS}/nope`, { headers: { authorization: w.adminKey } }), 404, 'NotFoundError', /nope/);
  });

  test('getApplicationOverview: projects, features, environments with instances, SDKs and issues; 404 when unknown', async () => {
    await fleet();
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'gone' } });
    await report('checkout', 'c1', { gone: { yes: 1 } });
    await w.admin.archiveFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'gone' });
    await w.admin.deleteFeature(SYSTEM_PRINCIPAL, { featureName: 'gone' });
    const overview = await get<unknown>(`${APPS}/checkout/overview`);
    check('/api/admin/metrics/applications/{appName}/overview', overview);
    assert.equal(overview, {
      projects: ['default', 'other'],
      featureCount: 3,
      environments: [
        {
          name: 'development',
          instanceCount: 2,
          sdks: ['unleash-client-node:5.0.0', 'unleash-client-node:6.1.0'],
          frontendSdks: [],
          backendSdks: ['unleash-client-node:5.0.0', 'unleash-client-node:6.1.0'],
          lastSeen: new Date(clock).toISOString(),
          issues: { missingFeatures: ['gone'], outdatedSdks: ['unleash-client-node:5.0.0'] },
        },
      ],
      issues: { missingStrategies: ['myCustom'] },
    });
    const billing = await get<{ environments: { frontendSdks: string[]; backendSdks: string[] }[] }>(`${APPS}/billing/overview`);
    assert.equal(billing.environments[0]!.frontendSdks, ['unleash-client-js:3.7.0']);
    assert.equal(billing.environments[0]!.backendSdks, []);
    await expectError(await w.send(`${APPS}/nope/overview`, { headers: { authorization: w.adminKey } }), 404, 'NotFoundError');
  });

  test('getApplicationEnvironmentInstances: the instances of the last 24 hours, most recent first, with their address; none for an unknown app', async () => {
    await register('checkout', 'c1', 'unleash-client-node:6.1.0');
    clock += 2 * HOUR;
    const res = await w.send(
      '/api/client/register',
      json(
        w.clientKey,
        'POST',
        { appName: 'checkout', instanceId: 'c2', sdkVersion: 'unleash-client-node:6.1.0', started: 'x', interval: 10 },
        {
          'x-forwarded-for': '203.0.113.7, 10.0.0.1',
        },
      ),
    );
    assert.is(res.status, 202);
    const path = '/api/admin/metrics/instances/checkout/environment/development';
    const recent = await get<{ instances: { instanceId: string }[] }>(path);
    check('/api/admin/metrics/instances/{appName}/environment/{environment}', recent);
    assert.equal(recent, {
      instances: [
        { instanceId: 'c2', sdkVersion: 'unleash-client-node:6.1.0', clientIp: '203.0.113.7', lastSeen: new Date(clock).toISOString() },
        { instanceId: 'c1', sdkVersion: 'unleash-client-node:6.1.0', clientIp: '127.0.0.1', lastSeen: new Date(START).toISOString() },
      ],
    });
    clock += 23 * HOUR;
    assert.equal(
      (await get<{ instances: { instanceId: string }[] }>(path)).instances.map((i) => i.instanceId),
      ['c2'],
    );
    assert.equal(await get('/api/admin/metrics/instances/checkout/environment/production'), { instances: [] });
    assert.equal(await get('/api/admin/metrics/instances/nope/environment/development'), { instances: [] });
  });

  const names = async () => (await get<{ applications: { appName: string }[] }>(APPS)).applications.map((a) => a.appName);

  test('applications not seen for 30 days are deleted by the next write of an application (as Unleash deletes them)', async () => {
    await register('old', 'o1', 'unleash-client-node:6.1.0');
    clock += 10 * DAY;
    await report('recent', 'r1', { f1: { yes: 1 } });
    clock += 20 * DAY; // old: 30 days; it may stay for a day more
    await register('now', 'n1', 'unleash-client-node:6.1.0');
    assert.equal(await names(), ['now', 'old', 'recent']);
    clock += 2 * DAY;
    await register('now', 'n1', 'unleash-client-node:6.1.0');
    assert.equal(await names(), ['now', 'recent']);
    await expectError(await w.send(`${APPS}/old`, { headers: { authorization: w.adminKey } }), 404, 'NotFoundError');
    // Seen again, an application stays: its day moves on.
    clock += 25 * DAY;
    await register('recent', 'r1', 'unleash-client-node:6.1.0');
    clock += 10 * DAY;
    await register('now', 'n1', 'unleash-client-node:6.1.0');
    assert.equal(await names(), ['now', 'recent']);
  });

  test('after a long pause one write deletes the applications of at most 31 days; the next writes go on', async () => {
    await register('first', 'f1', 'unleash-client-node:6.1.0');
    // Applications written straight into the storage, last seen 50 and 90 days later.
    await w.admin.context.storage.write(async (tx) => {
      for (const [appName, days] of [
        ['later', 50],
        ['latest', 90],
      ] as const) {
        const lastSeen = new Date(START + days * DAY).toISOString();
        await tx.put('clientApps', {
          appName,
          instances: [{ instanceId: 'i', sdkVersion: null, environment: null, lastSeen }],
          projects: [],
          lastSeen,
        });
      }
    });
    clock += 400 * DAY;
    await register('back', 'b1', 'unleash-client-node:6.1.0');
    assert.equal(await names(), ['back', 'later', 'latest'], 'the days through the first write: first');
    await register('back', 'b1', 'unleash-client-node:6.1.0');
    assert.equal(await names(), ['back', 'later', 'latest'], 'the next 31 days: none');
    await register('back', 'b1', 'unleash-client-node:6.1.0');
    assert.equal(await names(), ['back', 'latest'], 'the next 31 days: later');
    await register('back', 'b1', 'unleash-client-node:6.1.0');
    assert.equal(await names(), ['back']);
  });

  test("getOutdatedSdks: every application's outdated SDKs; a key of one project, its applications'", async () => {
    await fleet();
    await register('legacy', 'l1', 'unleash-client-java:7.0.0');
    const sdks = await get<unknown>('/api/admin/metrics/sdks/outdated');
    check('/api/admin/metrics/sdks/outdated', sdks);
    assert.equal(sdks, {
      sdks: [
        { sdkVersion: 'unleash-client-java:7.0.0', applications: ['legacy'] },
        { sdkVersion: 'unleash-client-node:5.0.0', applications: ['checkout'] },
      ],
    });
    const scoped = await w.admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'a', type: 'admin', projects: ['other'] } });
    assert.equal(await get('/api/admin/metrics/sdks/outdated', scoped.secret), {
      sdks: [{ sdkVersion: 'unleash-client-node:5.0.0', applications: ['checkout'] }],
    });
  });

  test.run();
}

for (const storage of [MEMORY, LOWDB, POSTGRES]) applicationsSuite(storage);
