import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { createEvaluator } from '@flagadmin/evaluation';
import {
  expectError,
  freshWorldEachTest,
  HTTP_SETUPS,
  json,
  type HttpSetup,
  type HttpWorld,
  type OpenApiChecker,
} from './helpers/http-world';

const ENV = '/api/admin/projects/default/features/f1/environments/development';
const OPEN_ENV = '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}';

/** Flag configuration over HTTP, once per transport (in process, over a socket) and storage (memory, PostgreSQL). */
function flagConfigSuite(setup: HttpSetup): void {
  const test = suite(`flag configuration over HTTP (${setup.name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;

  freshWorldEachTest(test, setup, (world, checker) => {
    w = world;
    openapi = checker;
  });

  const eventCount = () => w.eventCount();
  const send = async (path: string, method: string, body?: unknown, headers: Record<string, string> = {}) =>
    w.send(
      path,
      body === undefined ? { method, headers: { authorization: w.adminKey, ...headers } } : json(w.adminKey, method, body, headers),
    );

  test('strategy routes answer Unleash shapes that match the OpenAPI document, with the feature ETag', async () => {
    const created = await send(`${ENV}/strategies`, 'POST', { name: 'flexibleRollout', parameters: { rollout: 50 } });
    assert.is(created.status, 200);
    assert.is(created.headers.get('etag'), '"2"');
    const strategy = await created.json();
    openapi.check('POST', `${OPEN_ENV}/strategies`, 200, strategy);
    const list = await (await send(`${ENV}/strategies`, 'GET')).json();
    openapi.check('GET', `${OPEN_ENV}/strategies`, 200, list);
    assert.equal(list, [strategy]);
    const patched = await send(`${ENV}/strategies/${strategy.id}`, 'PATCH', [{ op: 'replace', path: '/parameters/rollout', value: '60' }], {
      'if-match': '"2"',
    });
    assert.is(patched.status, 200);
    openapi.check('PATCH', `${OPEN_ENV}/strategies/{strategyId}`, 200, await patched.json());
    const stale = await send(`${ENV}/strategies/${strategy.id}`, 'PUT', { name: 'default' }, { 'if-match': '"2"' });
    await expectError(stale, 412, 'PreconditionFailedError');
    const order = await send(`${ENV}/strategies/set-sort-order`, 'POST', [{ id: strategy.id, sortOrder: 3 }]);
    assert.is(order.status, 200);
    const feature = await (await send('/api/admin/projects/default/features/f1', 'GET')).json();
    openapi.check('GET', '/api/admin/projects/{projectId}/features/{featureName}', 200, feature);
    assert.is(feature.environments[0].strategies[0].sortOrder, 3);
    const removed = await send(`${ENV}/strategies/${strategy.id}`, 'DELETE');
    assert.is(removed.status, 200);
    assert.is(await removed.text(), '');
    await expectError(await send(`${ENV}/strategies/${strategy.id}`, 'GET'), 404, 'NotFoundError');
  });

  test('on / off and variants over HTTP', async () => {
    const on = await send(`${ENV}/on`, 'POST');
    assert.is(on.status, 200);
    const feature = await on.json();
    openapi.check('POST', `${OPEN_ENV}/on`, 200, feature);
    assert.is(feature.environments[0].strategies[0].name, 'flexibleRollout');
    const put = await send(`${ENV}/variants`, 'PUT', [{ name: 'a' }, { name: 'b', weightType: 'fix', weight: 100 }]);
    const variants = await put.json();
    openapi.check('PUT', `${OPEN_ENV}/variants`, 200, variants);
    assert.equal(
      variants.variants.map((v: { weight: number }) => v.weight),
      [900, 100],
    );
    const patched = await send(`${ENV}/variants`, 'PATCH', [{ op: 'remove', path: '/1' }]);
    assert.equal(
      (await patched.json()).variants.map((v: { weight: number }) => v.weight),
      [1000],
    );
    assert.is((await send(`${ENV}/off`, 'POST')).status, 200);
    const viaFeaturePatch = await w.send(
      '/api/admin/projects/default/features/f1',
      json(w.adminKey, 'PATCH', [{ op: 'add', path: '/variants/-', value: { name: 'x' } }]),
    );
    await expectError(viaFeaturePatch, 403, 'OperationDeniedError');
  });

  test('the environment permission is checked before the body: 403 naming the environment, not 400 or 415', async () => {
    const devOnly = (
      await w.admin.createApiKey(SYSTEM_PRINCIPAL, {
        body: { tokenName: 'dev', type: 'admin', role: 'editor', environment: 'development' },
      })
    ).secret;
    const events = await eventCount();
    const prod = '/api/admin/projects/default/features/f1/environments/production/strategies';
    const error = await expectError(
      await w.send(prod, { method: 'POST', headers: { authorization: devOnly, 'content-type': 'text/plain' }, body: 'x' }),
      403,
      'NoAccessError',
      /production/,
    );
    assert.equal(error['permissions'], ['UPDATE_FEATURE_ENVIRONMENT']);
    assert.equal(error['details'], [
      { message: error['message'], permission: 'UPDATE_FEATURE_ENVIRONMENT', project: 'default', environment: 'production' },
    ]);
    await expectError(
      await w.send(`${ENV}/strategies`, {
        method: 'POST',
        headers: { authorization: w.adminKey, 'content-type': 'text/plain' },
        body: '{}',
      }),
      415,
      'ContentTypeerror',
    );
    const bad = await expectError(await send(`${ENV}/strategies`, 'POST', { name: 'nope' }), 400, 'BadDataError', /nope/);
    assert.equal((bad['details'] as { path: string }[])[0]!.path, '/name');
    assert.is(await eventCount(), events, 'no event after the errors');
  });

  test('segments CRUD over HTTP: 201, 200, PUT 204 without a body, 409 while used, 204', async () => {
    const created = await send('/api/admin/segments', 'POST', {
      name: 'beta',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }],
    });
    assert.is(created.status, 201);
    const segment = await created.json();
    openapi.check('POST', '/api/admin/segments', 201, segment);
    openapi.check('GET', '/api/admin/segments', 200, await (await send('/api/admin/segments', 'GET')).json());
    const put = await send(`/api/admin/segments/${segment.id}`, 'PUT', { name: 'beta', description: 'testers' });
    assert.equal([put.status, await put.text()], [204, ''], 'PUT answers 204 with no body, as Unleash');
    assert.is((await (await send(`/api/admin/segments/${segment.id}`, 'GET')).json()).description, 'testers', 'the PUT is stored');
    await expectError(await send(`/api/admin/segments/${segment.id}`, 'PUT', { name: '' }), 400, 'BadDataError');
    const free = await send('/api/admin/segments/validate', 'POST', { name: 'gamma' });
    assert.equal([free.status, await free.text()], [204, '']);
    await expectError(await send('/api/admin/segments/validate', 'POST', { name: 'beta' }), 409, 'NameExistsError', /beta/);
    const used = await (await send(`${ENV}/strategies`, 'POST', { name: 'default', segments: [segment.id] })).json();
    const strategies = await (await send(`/api/admin/segments/${segment.id}/strategies`, 'GET')).json();
    openapi.check('GET', '/api/admin/segments/{id}/strategies', 200, strategies);
    assert.equal(
      strategies.strategies.map((s: { id: string }) => s.id),
      [used.id],
    );
    const segments = await (await send(`/api/admin/segments/strategies/${used.id}`, 'GET')).json();
    openapi.check('GET', '/api/admin/segments/strategies/{strategyId}', 200, segments);
    assert.equal(
      segments.segments.map((s: { id: number }) => s.id),
      [segment.id],
    );
    await expectError(await send(`/api/admin/segments/${segment.id}`, 'DELETE'), 409, 'ConflictError', new RegExp(used.id));
    await send(`${ENV}/strategies/${used.id}`, 'DELETE');
    const deleted = await send(`/api/admin/segments/${segment.id}`, 'DELETE');
    assert.is(deleted.status, 204);
    await expectError(await send(`/api/admin/segments/${segment.id}`, 'GET'), 404, 'NotFoundError');
  });

  test('client features: segments as ids for SDKs of client spec 4.2.0 and later, inlined for others; the ETag follows a segment', async () => {
    const segment = await (
      await send('/api/admin/segments', 'POST', { name: 'beta', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] })
    ).json();
    await send(`${ENV}/strategies`, 'POST', {
      name: 'default',
      segments: [segment.id],
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
    });
    await send(`${ENV}/on`, 'POST');
    const read = async (spec?: string) => {
      const response = await w.send('/api/client/features', {
        headers: { authorization: w.clientKey, ...(spec ? { 'unleash-client-spec': spec } : {}) },
      });
      return { etag: response.headers.get('etag'), body: await response.json() };
    };
    const modern = await read('4.2.0');
    assert.is(modern.body.query.inlineSegmentConstraints, false);
    assert.equal(modern.body.segments, [{ id: segment.id, name: 'beta', constraints: segment.constraints }]);
    const strategy = modern.body.features[0].strategies[0];
    assert.equal(strategy.segments, [segment.id]);
    assert.is(strategy.constraints.length, 1);
    for (const spec of [undefined, '4.1.9', 'not-a-version']) {
      const legacy = await read(spec);
      assert.is(legacy.body.query.inlineSegmentConstraints, true, String(spec));
      assert.not.ok('segments' in legacy.body);
      assert.equal(
        legacy.body.features[0].strategies[0].constraints.map((c: { contextName: string }) => c.contextName),
        ['appName', 'userId'],
      );
    }
    openapi.check('GET', '/api/client/features', 200, modern.body);
    await send(`/api/admin/segments/${segment.id}`, 'PUT', {
      name: 'beta',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['b'] }],
    });
    const after = await read('4.2.0');
    assert.is.not(after.etag, modern.etag, 'a segment change moves the client ETag');
    assert.equal(after.body.segments[0].constraints[0].values, ['b']);
  });

  test('REGEX, SEMVER_GTE, SEMVER_LTE, and IN_CIDR and remoteAddress with an invalid entry: stored, served unchanged, evaluated', async () => {
    const flags: Record<string, { constraints?: unknown[]; strategy?: Record<string, unknown> }> = {
      'op-regex': {
        constraints: [{ contextName: 'email', operator: 'REGEX', value: '^[a-z]+@example\\.(com|org)$', caseInsensitive: true }],
      },
      'op-semver-gte': { constraints: [{ contextName: 'appVersion', operator: 'SEMVER_GTE', value: '2.0.0' }] },
      'op-semver-lte': { constraints: [{ contextName: 'appVersion', operator: 'SEMVER_LTE', value: '2.0.0' }] },
      'op-in-cidr': {
        constraints: [{ contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8', 'office', '2001:db8::/32'] }],
      },
      'op-remote-address': { strategy: { name: 'remoteAddress', parameters: { IPs: '300.1.1.1, 192.168.0.0/16' } } },
    };
    const stored = new Map<string, unknown>();
    for (const name of ['email', 'appVersion']) await w.admin.createContextField(SYSTEM_PRINCIPAL, { body: { name } });
    for (const [name, flag] of Object.entries(flags)) {
      await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name } });
      const path = `/api/admin/projects/default/features/${name}/environments/development`;
      const added = await send(`${path}/strategies`, 'POST', flag.strategy ?? { name: 'default', constraints: flag.constraints });
      assert.is(added.status, 200, name);
      const strategy = await added.json();
      openapi.check('POST', `${OPEN_ENV}/strategies`, 200, strategy);
      stored.set(name, strategy);
      assert.is((await send(`${path}/on`, 'POST')).status, 200);
    }
    const response = await w.send('/api/client/features', { headers: { authorization: w.clientKey, 'unleash-client-spec': '5.0.0' } });
    const client = await response.json();
    openapi.check('GET', '/api/client/features', 200, client);
    for (const [name, strategy] of stored) {
      const served = client.features.find((f: { name: string }) => f.name === name).strategies[0];
      const { constraints, parameters } = strategy as { constraints: unknown; parameters: unknown };
      assert.equal({ constraints: served.constraints, parameters: served.parameters }, { constraints, parameters }, name);
    }

    const evaluator = createEvaluator(client);
    const cases: [string, Record<string, unknown>, boolean][] = [
      ['op-regex', { properties: { email: 'Ann@Example.COM' } }, true],
      ['op-regex', { properties: { email: 'ann@example.net' } }, false],
      ['op-semver-gte', { properties: { appVersion: '2.0.0' } }, true],
      ['op-semver-gte', { properties: { appVersion: '10.0.0' } }, true],
      ['op-semver-gte', { properties: { appVersion: '1.9.9' } }, false],
      ['op-semver-lte', { properties: { appVersion: '2.0.0' } }, true],
      ['op-semver-lte', { properties: { appVersion: '2.0.1' } }, false],
      ['op-in-cidr', { remoteAddress: '10.1.2.3' }, true],
      ['op-in-cidr', { remoteAddress: '2001:db8::1' }, true],
      ['op-in-cidr', { remoteAddress: '192.168.0.1' }, false],
      ['op-remote-address', { remoteAddress: '192.168.3.4' }, true],
      ['op-remote-address', { remoteAddress: '10.0.0.1' }, false],
    ];
    for (const [name, context, enabled] of cases) {
      assert.is(evaluator.evaluate(name, context)?.enabled, enabled, `${name} ${JSON.stringify(context)}`);
    }
  });

  test('an invalid REGEX, SEMVER_GTE or IN_CIDR value is a 400 naming the field; nothing stored, no event', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ contextName: 'email', operator: 'REGEX', value: '(?=lookahead)' }, '/constraints/0/value'],
      [{ contextName: 'appVersion', operator: 'SEMVER_GTE', value: '2.0' }, '/constraints/0/value'],
      [{ contextName: 'remoteAddress', operator: 'IN_CIDR', values: [] }, '/constraints/0/values'],
    ];
    for (const name of ['email', 'appVersion']) await w.admin.createContextField(SYSTEM_PRINCIPAL, { body: { name } });
    for (const [constraint, path] of cases) {
      const events = await eventCount();
      const before = await (await send('/api/admin/projects/default/features/f1', 'GET')).json();
      const refused = await send(`${ENV}/strategies`, 'POST', { name: 'default', constraints: [constraint] });
      const body = await expectError(refused, 400, 'BadDataError');
      assert.is((body.details as { path: string }[])[0]!.path, path, JSON.stringify(constraint));
      assert.equal(await (await send('/api/admin/projects/default/features/f1', 'GET')).json(), before);
      assert.is(await eventCount(), events);
    }
  });

  test('dependencies over HTTP', async () => {
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'parent' } });
    const added = await send('/api/admin/projects/default/features/f1/dependencies', 'POST', { feature: 'parent' });
    assert.is(added.status, 200);
    const feature = await added.json();
    openapi.check('POST', '/api/admin/projects/{projectId}/features/{featureName}/dependencies', 200, feature);
    assert.equal(feature.dependencies, [{ feature: 'parent', enabled: true, variants: [] }]);
    const client = await (await w.send('/api/client/features', { headers: { authorization: w.clientKey } })).json();
    assert.equal(client.features.find((f: { name: string }) => f.name === 'f1').dependencies, [
      { feature: 'parent', enabled: true, variants: [] },
    ]);
    assert.is((await send('/api/admin/projects/default/features/f1/dependencies/parent', 'DELETE')).status, 200);
    assert.is((await send('/api/admin/projects/default/features/f1/dependencies', 'DELETE')).status, 200);
  });

  test.run();
}

for (const setup of HTTP_SETUPS) flagConfigSuite(setup);
