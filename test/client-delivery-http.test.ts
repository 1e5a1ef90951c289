// The client API beyond polling, over HTTP on every storage: one feature (getClientFeature), delta polling
// with its revision ETag, Unleash Edge's token check and bulk metrics; each refusal a JSON error that
// changes nothing. Streams' bounds (a client that never reads, the limit of open streams, shutdown) in
// test/client-streams-bounds.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import {
  expectError,
  freshWorldEachTest,
  HTTP_SETUPS,
  json,
  type HttpSetup,
  type HttpWorld,
  type OpenApiChecker,
} from './helpers/http-world';

interface DeltaEvent {
  eventId: number;
  type: string;
  feature?: { name: string; enabled: boolean };
  featureName?: string;
  features?: { name: string }[];
}

function clientDeliverySuite(setup: HttpSetup): void {
  const test = suite(`one feature, delta, Edge over HTTP (${setup.name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;
  freshWorldEachTest(test, setup, (world, checker) => {
    w = world;
    openapi = checker;
  });

  const get = (path: string, key = w.clientKey, headers: Record<string, string> = {}) =>
    w.send(path, { headers: { authorization: key, ...headers } });
  const toggle = (name: string, on: boolean) =>
    w.admin.toggleEnvironment(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: name, environment: 'development', enabled: on });

  test('GET /api/client/features/:featureName: the feature as the list serves it; 404 for unknown, archived, another project', async () => {
    const res = await get('/api/client/features/f1');
    assert.is(res.status, 200);
    const one = await res.json();
    openapi.check('GET', '/api/client/features/{featureName}', 200, one);
    const list = await (await get('/api/client/features')).json();
    assert.equal(
      one,
      list.features.find((f: { name: string }) => f.name === 'f1'),
    );
    await expectError(await get('/api/client/features/nope'), 404, 'NotFoundError', /nope/);
    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'other', name: 'Other' } });
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'other', body: { name: 'elsewhere' } });
    const scoped = await w.admin.createApiKey(SYSTEM_PRINCIPAL, {
      body: { tokenName: 'd', type: 'client', environment: 'development', projects: ['default'] },
    });
    await expectError(await get('/api/client/features/elsewhere', scoped.secret), 404, 'NotFoundError');
    await w.admin.patchFeature(SYSTEM_PRINCIPAL, {
      projectId: 'default',
      featureName: 'f1',
      patch: [{ op: 'replace', path: '/archived', value: true }],
    });
    await expectError(await get('/api/client/features/f1'), 404, 'NotFoundError');
    await expectError(await get('/api/client/features/f1', w.adminKey), 403, 'NoAccessError');
  });

  test('GET /api/client/delta: a hydration, a 304 at the same revision, then only the change; an unknown revision gets a hydration', async () => {
    const first = await get('/api/client/delta');
    assert.is(first.status, 200);
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"\d+"$/);
    const body = (await first.json()) as { events: DeltaEvent[] };
    openapi.check('GET', '/api/client/delta', 200, body);
    assert.equal(
      body.events.map((e) => [e.type, e.features?.map((f) => f.name)]),
      [['hydration', ['f1']]],
    );
    assert.is(body.events[0]!.eventId, Number(etag.slice(1, -1)));
    const same = await get('/api/client/delta', w.clientKey, { 'if-none-match': etag });
    assert.equal([same.status, await same.text(), same.headers.get('etag')], [304, '', etag]);

    await toggle('f1', true);
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'f2' } });
    const changed = await get('/api/client/delta', w.clientKey, { 'if-none-match': etag });
    assert.is(changed.status, 200);
    const events = ((await changed.json()) as { events: DeltaEvent[] }).events;
    assert.equal(
      events.map((e) => [e.type, e.feature?.name, e.feature?.enabled]),
      [
        ['feature-updated', 'f1', true],
        ['feature-updated', 'f2', false],
      ],
    );
    const now = changed.headers.get('etag')!;
    assert.ok(Number(now.slice(1, -1)) > Number(etag.slice(1, -1)));
    await w.admin.patchFeature(SYSTEM_PRINCIPAL, {
      projectId: 'default',
      featureName: 'f2',
      patch: [{ op: 'replace', path: '/archived', value: true }],
    });
    const removed = ((await (await get('/api/client/delta', w.clientKey, { 'if-none-match': now })).json()) as { events: DeltaEvent[] })
      .events;
    assert.equal(
      removed.map((e) => [e.type, e.featureName]),
      [['feature-removed', 'f2']],
    );
    for (const unknown of ['"999999"', 'garbage', '"x1"']) {
      const res = await get('/api/client/delta', w.clientKey, { 'if-none-match': unknown });
      assert.equal(((await res.json()) as { events: DeltaEvent[] }).events[0]!.type, 'hydration', unknown);
    }
    await expectError(await get('/api/client/delta', w.adminKey), 403, 'NoAccessError');
  });

  test('a change outside the scope moves no revision of it: 304', async () => {
    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'other', name: 'Other' } });
    const scoped = await w.admin.createApiKey(SYSTEM_PRINCIPAL, {
      body: { tokenName: 'd', type: 'client', environment: 'development', projects: ['default'] },
    });
    const etag = (await get('/api/client/delta', scoped.secret)).headers.get('etag')!;
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'other', body: { name: 'elsewhere' } });
    const res = await get('/api/client/delta', scoped.secret, { 'if-none-match': etag });
    assert.is(res.status, 304);
  });

  test('POST /edge/validate: the live client keys among the secrets, never admin keys or unknown ones; a bad body is a 400', async () => {
    const res = await w.send(
      '/edge/validate',
      json(undefined, 'POST', { tokens: [w.clientKey, w.adminKey, 'default:development.nope', w.clientKey] }),
    );
    assert.is(res.status, 200);
    const body = await res.json();
    openapi.check('POST', '/edge/validate', 200, body);
    assert.equal(body, { tokens: [{ token: w.clientKey, projects: ['*'], type: 'client', environment: 'development' }] });
    await expectError(await w.send('/edge/validate', json(undefined, 'POST', { tokens: 'x' })), 400, 'BadDataError');
  });

  test('POST /api/client/metrics/bulk: applications registered, counts recorded (lastSeenAt); a bad body changes nothing', async () => {
    const apps = () => w.admin.context.read((tx) => tx.list('clientApps'));
    const before = await apps();
    await expectError(
      await w.send('/api/client/metrics/bulk', json(w.clientKey, 'POST', { applications: [{}], metrics: [] })),
      400,
      'BadDataError',
    );
    assert.equal(await apps(), before);
    const res = await w.send(
      '/api/client/metrics/bulk',
      json(w.clientKey, 'POST', {
        applications: [{ appName: 'edge-app', instanceId: 'i1', sdkVersion: 'unleash-node-sdk:6.12.1', environment: 'development' }],
        metrics: [
          {
            featureName: 'f1',
            appName: 'edge-app',
            environment: 'development',
            timestamp: new Date().toISOString(),
            yes: 3,
            no: 1,
            variants: {},
          },
        ],
      }),
    );
    assert.equal([res.status, await res.text()], [202, '']);
    const app = (await apps()).find((a) => a.appName === 'edge-app');
    assert.equal(
      app?.instances.map((i) => i.instanceId),
      ['i1'],
    );
    const f1 = await w.admin.context.read((tx) => tx.get('features', 'f1'));
    assert.ok(f1?.lastSeenAt, 'the feature was seen');
    await expectError(
      await w.send('/api/client/metrics/bulk', json(w.adminKey, 'POST', { applications: [], metrics: [] })),
      403,
      'NoAccessError',
    );
  });

  test.run();
}

for (const setup of HTTP_SETUPS) clientDeliverySuite(setup);
