// SDK usage metrics over HTTP on 127.0.0.1, on memory, lowdb and PostgreSQL: what SDKs report through
// the client API (and the frontend API) is kept in hour buckets per flag, environment and application,
// answered as Unleash 8.2.0's getFeatureUsageSummary and getRawFeatureMetrics; old buckets are pruned
// by later reports (retention 48 h, or the instance's limit); `lastSeenAt` and lifecycle stages follow,
// and search sees the stages; bad reports are 400s that store nothing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import type { FeatureMetrics, FeatureUsage } from '@flagadmin/core/operations';
import { expectError, freshWorldEachTest, httpWorld, json, OVER_SOCKET, type HttpWorld, type OpenApiChecker } from './helpers/http-world';
import { LOWDB, MEMORY, POSTGRES, type TestStorage } from './helpers/test-storages';

const HOUR = 3_600_000;
const START = Date.parse('2026-03-02T10:15:00.000Z');

type Usage = FeatureUsage;
type Raw = FeatureMetrics;

function usageSuite(storageKind: TestStorage): void {
  const test = suite(`usage metrics over HTTP (${storageKind.name})`);
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
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'f2' } });
  });

  const report = (toggles: Record<string, unknown>, appName = 'web', key = w.clientKey, extra: Record<string, unknown> = {}) =>
    w.send('/api/client/metrics', json(key, 'POST', { appName, instanceId: 'i1', bucket: { start: 'x', stop: 'x', toggles }, ...extra }));
  const get = async <T>(path: string, status = 200): Promise<T> => {
    const res = await w.send(path, { headers: { authorization: w.adminKey } });
    assert.is(res.status, status, path);
    return (await res.json()) as T;
  };
  const buckets = () => w.admin.context.read((tx) => tx.list('usageBuckets'));

  test('reports are summed per flag, environment, application and hour; summary and raw buckets as Unleash answers them', async () => {
    assert.is((await report({ f1: { yes: 3, no: 1, variants: { blue: 2, disabled: 1 } } })).status, 202);
    assert.is((await report({ f1: { yes: 2, no: 0, variants: { blue: 1 } } })).status, 202);
    assert.is((await report({ f1: { yes: 0, no: 5 } }, 'api')).status, 202);
    clock += HOUR;
    assert.is((await report({ f1: { yes: 7, no: 0 } })).status, 202);

    const usage = await get<Usage>('/api/admin/client-metrics/features/f1');
    openapi.check('GET', '/api/admin/client-metrics/features/{name}', 200, usage);
    assert.equal(usage, {
      version: 1,
      maturity: 'stable',
      featureName: 'f1',
      lastHourUsage: [{ environment: 'development', timestamp: '2026-03-02T11:00:00.000Z', yes: 7, no: 0 }],
      seenApplications: ['api', 'web'],
    });

    const raw = await get<Raw>('/api/admin/client-metrics/features/f1/raw?hoursBack=2');
    openapi.check('GET', '/api/admin/client-metrics/features/{name}/raw', 200, raw);
    assert.equal(raw.data, [
      { featureName: 'f1', appName: 'api', environment: 'development', timestamp: '2026-03-02T10:00:00.000Z', yes: 0, no: 5 },
      {
        featureName: 'f1',
        appName: 'web',
        environment: 'development',
        timestamp: '2026-03-02T10:00:00.000Z',
        yes: 5,
        no: 1,
        variants: { blue: 3, disabled: 1 },
      },
      { featureName: 'f1', appName: 'api', environment: 'development', timestamp: '2026-03-02T11:00:00.000Z', yes: 0, no: 0 },
      { featureName: 'f1', appName: 'web', environment: 'development', timestamp: '2026-03-02T11:00:00.000Z', yes: 7, no: 0 },
    ]);
    // hoursBack outside 1..48 is the default 24, as Unleash ignores it; a flag nothing reported answers empty lists.
    for (const hoursBack of ['0', '49', 'x', '1.5']) {
      const hours = new Set(
        (await get<Raw>(`/api/admin/client-metrics/features/f1/raw?hoursBack=${hoursBack}`)).data.map((d) => d.timestamp),
      );
      assert.is(hours.size, 24, hoursBack);
    }
    assert.equal((await get<Usage>('/api/admin/client-metrics/features/f2')).lastHourUsage, []);
    assert.equal((await get<Raw>('/api/admin/client-metrics/features/nope/raw')).data, []);
    await expectError(
      await w.send('/api/admin/client-metrics/features/f1', { headers: { authorization: w.clientKey } }),
      403,
      'NoAccessError',
    );
  });

  test('the frontend API and Edge bulk reports are kept as the client API reports', async () => {
    const frontend = (
      await w.admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'fe', type: 'frontend', environment: 'development' } })
    ).secret;
    const fe = await w.send(
      '/api/frontend/client/metrics',
      json(frontend, 'POST', {
        appName: 'browser',
        instanceId: 'b1',
        bucket: { start: 'x', stop: 'x', toggles: { f2: { yes: 4, no: 0 } } },
      }),
    );
    assert.is(fe.status, 200);
    const bulk = await w.send(
      '/api/client/metrics/bulk',
      json(w.clientKey, 'POST', {
        applications: [{ appName: 'edge-app', instanceId: 'e1', environment: 'development' }],
        metrics: [
          { featureName: 'f2', appName: 'edge-app', environment: 'development', timestamp: new Date(clock).toISOString(), yes: 1, no: 2 },
        ],
      }),
    );
    assert.is(bulk.status, 202);
    assert.equal((await get<Usage>('/api/admin/client-metrics/features/f2')).seenApplications, ['browser', 'edge-app']);
    assert.equal((await get<Usage>('/api/admin/client-metrics/features/f2')).lastHourUsage, [
      { environment: 'development', timestamp: '2026-03-02T10:00:00.000Z', yes: 5, no: 2 },
    ]);
  });

  test('buckets past the retention (48 h) are pruned by later reports; the retention is the instance limit usageRetentionHours', async () => {
    await report({ f1: { yes: 1 } });
    clock += 10 * HOUR;
    await report({ f1: { yes: 1 } });
    assert.is((await buckets()).length, 2);
    clock += 39 * HOUR; // the first report's hour is 49 hours old
    await report({ f2: { yes: 1 } });
    assert.equal(
      (await buckets()).map((b) => [b.feature, b.start]),
      [
        ['f1', '2026-03-02T20:00:00.000Z'],
        ['f2', '2026-03-04T11:00:00.000Z'],
      ],
    );
    // After a long pause the next write prunes (at most 72 hours of) the hours since the last prune: both here.
    clock += 30 * 24 * HOUR;
    await report({});
    assert.is((await buckets()).length, 0);

    const short = await httpWorld(OVER_SOCKET, { storageKind: MEMORY, now: () => new Date(clock), limits: { usageRetentionHours: 2 } });
    try {
      await short.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'f1' } });
      const send = () =>
        short.send('/api/client/metrics', json(short.clientKey, 'POST', { appName: 'web', bucket: { toggles: { f1: { yes: 1 } } } }));
      await send();
      clock += 2 * HOUR;
      await send();
      assert.is((await short.admin.context.read((tx) => tx.list('usageBuckets'))).length, 1);
    } finally {
      await short.close();
    }
  });

  test('lastSeenAt per flag and environment, and the lifecycle stage entered, are seen by search', async () => {
    const search = async (q: string) =>
      (await get<{ features: { name: string }[] }>(`/api/admin/search/features?${q}`)).features.map((f) => f.name);
    assert.equal(await search('lifecycle=IS:pre-live'), []);
    const events = await w.eventCount();
    await report({ f2: { yes: 1, no: 0 } });
    assert.equal(await search('lifecycle=IS:pre-live'), ['f2']);
    const { feature } = await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f2' });
    assert.is(feature.lastSeenAt, new Date(clock).toISOString());
    assert.is(feature.environments.find((e) => e.name === 'development')?.lastSeenAt, new Date(clock).toISOString());
    assert.is(await w.eventCount(), events, 'no event: Unleash writes none for usage');
    // Reported again within a minute: the flag is not written again; a minute later it is.
    const seen = async () => (await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f2' })).feature.lastSeenAt;
    const first = new Date(clock).toISOString();
    clock += 30_000;
    await report({ f2: { yes: 1 } });
    assert.is(await seen(), first);
    clock += 31_000;
    await report({ f2: { yes: 1 } });
    assert.is(await seen(), new Date(clock).toISOString());
    // lastSeenAt in a later hour reaches search's order by lastSeenAt.
    clock += HOUR;
    await report({ f1: { yes: 1 } });
    assert.equal(await search('sortBy=lastSeenAt&sortOrder=desc'), ['f1', 'f2']);
    clock += HOUR;
    await report({ f2: { yes: 1 } });
    assert.equal(await search('sortBy=lastSeenAt&sortOrder=desc'), ['f2', 'f1']);
  });

  if (storageKind === MEMORY)
    test('a report stamping more flags than the stamps kept: the search index is built again and sees them all', async () => {
      const names = Array.from({ length: 2_100 }, (_, i) => `s${String(i).padStart(4, '0')}`);
      for (const name of names) await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name } });
      const preLive = async () => (await get<{ total: number }>('/api/admin/search/features?lifecycle=IS:pre-live&limit=1')).total;
      assert.is(await preLive(), 0);
      assert.is((await report(Object.fromEntries(names.map((n) => [n, { yes: 1 }])))).status, 202);
      assert.is(await preLive(), names.length);
    });

  test('bad reports are 400s that store nothing: huge maps, bad counts and variants, malformed bodies; unknown and out-of-scope flags are left out', async () => {
    const state = async () => ({
      buckets: await buckets(),
      apps: await w.admin.context.read((tx) => tx.list('clientApps')),
      events: await w.eventCount(),
    });
    const before = await state();
    const toggles = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`f${i}`, { yes: 1 }]));
    await expectError(await report(toggles), 413, 'PayloadTooLargeError');
    const variants = Object.fromEntries(Array.from({ length: 102 }, (_, i) => [`v${i}`, 1]));
    await expectError(await report({ f1: { yes: 1, variants } }), 400, 'BadDataError');
    await expectError(await report({ f1: { yes: 1, variants: { blue: -1 } } }), 400, 'BadDataError');
    await expectError(await report({ f1: { yes: 1, variants: { blue: 'many' } } }), 400, 'BadDataError');
    await expectError(await report({ f1: { yes: -1 } }), 400, 'BadDataError');
    await expectError(await report({ f1: { yes: 1.5 } }), 400, 'BadDataError');
    await expectError(await w.send('/api/client/metrics', json(w.clientKey, 'POST', '{"appName":')), 400, 'BadDataError');
    await expectError(await w.send('/api/client/metrics', json(w.clientKey, 'POST', { appName: 'web' })), 400, 'BadDataError');
    assert.equal(await state(), before);

    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'other', name: 'Other' } });
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'other', body: { name: 'elsewhere' } });
    const scoped = await w.admin.createApiKey(SYSTEM_PRINCIPAL, {
      body: { tokenName: 'd', type: 'client', environment: 'development', projects: ['default'] },
    });
    const res = await report(
      { nope: { yes: 1 }, elsewhere: { yes: 1 }, f2: { yes: 0, no: 0 }, ['__proto__']: { yes: 1 } },
      'web',
      scoped.secret,
    );
    assert.is(res.status, 202);
    assert.equal(await buckets(), []);
    assert.equal(await get<Usage>('/api/admin/client-metrics/features/elsewhere'), {
      version: 1,
      maturity: 'stable',
      featureName: 'elsewhere',
      lastHourUsage: [],
      seenApplications: [],
    });
  });

  test.run();
}

for (const storage of [MEMORY, LOWDB, POSTGRES]) usageSuite(storage);
