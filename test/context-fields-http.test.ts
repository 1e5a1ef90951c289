// Context fields as Unleash 8.2.0 over HTTP: the instance's (/api/admin/context) and a project's
// (/api/admin/projects/:projectId/context), the built-ins, legal values, and what flag configuration may
// name (constraints of strategies, segments, change-request payloads and JSON Patch; stickiness of rollouts
// and variants). Once per storage (memory, lowdb, PostgreSQL); every refusal is a JSON error with its
// status that changes neither the stored state nor the event count.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { expectError, freshWorldEachTest, json, OVER_SOCKET, IN_PROCESS, type HttpWorld, type OpenApiChecker } from './helpers/http-world';
import { LOWDB, MEMORY, POSTGRES, type TestStorage } from './helpers/test-storages';

const CONTEXT = '/api/admin/context';
const SHOP = '/api/admin/projects/shop/context';
const OPEN_CONTEXT = '/api/admin/context';
const OPEN_PROJECT = '/api/admin/projects/{projectId}/context';
const ENV = '/api/admin/projects/default/features/f1/environments/development';
const BUILTINS = ['appName', 'currentTime', 'environment', 'remoteAddress', 'sessionId', 'userId'];

function contextFieldSuite(storageKind: TestStorage, transport = storageKind === MEMORY ? OVER_SOCKET : IN_PROCESS): void {
  const test = suite(`context fields over HTTP (${transport.name}, ${storageKind.name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;

  freshWorldEachTest(test, { transport, storageKind }, (world, checker) => {
    w = world;
    openapi = checker;
  });

  const send = (path: string, method = 'GET', body?: unknown, key = w.adminKey) =>
    w.send(path, body === undefined ? { method, headers: { authorization: key } } : json(key, method, body));
  const ok = async (path: string, method = 'GET', body?: unknown, key = w.adminKey) => {
    const res = await send(path, method, body, key);
    const text = await res.text();
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${text}`);
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers };
  };
  const state = async () => ({
    fields: await w.admin.context.read((tx) => tx.list('contextFields')),
    features: await w.admin.context.read((tx) => tx.list('features')),
    segments: await w.admin.context.read((tx) => tx.list('segments')),
    events: await w.eventCount(),
  });
  /** A request that must be refused with that status and name, changing nothing; the error's first detail path. */
  const refused = async (path: string, method: string, body: unknown, status: number, name: string, message?: RegExp, key = w.adminKey) => {
    const before = await state();
    const error = await expectError(await send(path, method, body, key), status, name, message);
    assert.equal(await state(), before, `${method} ${path}: nothing changed`);
    return (error['details'] as { path?: string }[] | undefined)?.[0]?.path;
  };
  const lastEvent = async () => (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events[0]!;
  const plan = {
    name: 'plan',
    description: 'Subscription plan',
    legalValues: [{ value: 'free' }, { value: 'pro', description: 'Paying' }],
  };

  test('a fresh instance has the built-ins, as Unleash answers them; none can be deleted (403)', async () => {
    const { body } = await ok(CONTEXT);
    openapi.check('GET', OPEN_CONTEXT, 200, body);
    assert.equal(
      body.map((f: { name: string }) => f.name),
      BUILTINS,
    );
    const userId = body.find((f: { name: string }) => f.name === 'userId');
    assert.equal(
      { ...userId, createdAt: undefined },
      {
        name: 'userId',
        description: 'Allows you to constrain on userId',
        stickiness: true,
        sortOrder: 1,
        createdAt: undefined,
        usedInFeatures: 0,
        usedInProjects: 0,
        legalValues: [],
      },
    );
    for (const name of BUILTINS) await refused(`${CONTEXT}/${name}`, 'DELETE', undefined, 403, 'OperationDeniedError', /built-in/);
  });

  test('create (201), read, validate, update, legal values, delete: Unleash paths and shapes, one event each', async () => {
    const created = await ok(CONTEXT, 'POST', plan, w.editorKey);
    assert.is(created.status, 201);
    assert.is(created.headers.get('location'), 'context/plan');
    openapi.check('POST', OPEN_CONTEXT, 201, created.body);
    assert.equal(
      { ...created.body, createdAt: undefined },
      {
        name: 'plan',
        description: 'Subscription plan',
        stickiness: false,
        sortOrder: 0,
        createdAt: undefined,
        legalValues: [{ value: 'free' }, { value: 'pro', description: 'Paying' }],
      },
    );
    const event = await lastEvent();
    assert.equal([event.type, event.project, event.data, event.preData], ['context-field-created', null, created.body, null]);
    const one = await ok(`${CONTEXT}/plan`, 'GET', undefined, w.viewerKey);
    openapi.check('GET', `${OPEN_CONTEXT}/{contextField}`, 200, one.body);
    assert.equal(one.body, created.body);

    assert.equal((await ok(`${CONTEXT}/validate`, 'POST', { name: 'tier' })).body, undefined);
    await refused(`${CONTEXT}/validate`, 'POST', { name: 'plan' }, 409, 'NameExistsError');
    assert.is(await refused(`${CONTEXT}/validate`, 'POST', { name: 'a b' }, 400, 'BadDataError'), '/name');
    await refused(CONTEXT, 'POST', { name: 'plan' }, 409, 'NameExistsError');
    await refused(CONTEXT, 'POST', { name: 'userId' }, 409, 'NameExistsError');

    const put = await send(`${CONTEXT}/plan`, 'PUT', {
      description: 'Plan',
      stickiness: true,
      legalValues: [{ value: 'free' }],
      sortOrder: 7,
    });
    assert.equal([put.status, await put.text()], [200, '']);
    const updated = (await ok(`${CONTEXT}/plan`)).body;
    assert.equal([updated.description, updated.stickiness, updated.sortOrder, updated.legalValues], ['Plan', true, 7, [{ value: 'free' }]]);
    const change = await lastEvent();
    assert.equal([change.type, change.preData, change.data], ['context-field-updated', created.body, updated]);
    const events = await w.eventCount();
    await ok(`${CONTEXT}/plan`, 'PUT', { description: 'Plan', stickiness: true, legalValues: [{ value: 'free' }] });
    assert.is(await w.eventCount(), events, 'the same field again: no event (sortOrder left out is kept)');

    await ok(`${CONTEXT}/plan/legal-values`, 'POST', { value: 'pro', description: 'Paying' });
    await ok(`${CONTEXT}/plan/legal-values`, 'POST', { value: 'free', description: 'Gratis' });
    assert.equal((await ok(`${CONTEXT}/plan`)).body.legalValues, [
      { value: 'free', description: 'Gratis' },
      { value: 'pro', description: 'Paying' },
    ]);
    const removed = await send(`${CONTEXT}/plan/legal-values/free`, 'DELETE');
    assert.equal([removed.status, await removed.text()], [200, '']);
    assert.equal((await ok(`${CONTEXT}/plan`)).body.legalValues, [{ value: 'pro', description: 'Paying' }]);
    assert.is((await lastEvent()).type, 'context-field-updated');

    const deleted = await send(`${CONTEXT}/plan`, 'DELETE', undefined, w.editorKey);
    assert.equal([deleted.status, await deleted.text()], [200, '']);
    const gone = await lastEvent();
    assert.equal([gone.type, gone.data, (gone.preData as { name: string }).name], ['context-field-deleted', null, 'plan']);
    await refused(`${CONTEXT}/plan`, 'GET', undefined, 404, 'NotFoundError');
    assert.is((await ok(CONTEXT, 'POST', { name: 'plan' })).status, 201, 'the name is free again');
  });

  test('bad input: 400 naming the field, 404, 403 with the permission, 401, 415; nothing changed', async () => {
    await ok(CONTEXT, 'POST', plan);
    assert.is(await refused(CONTEXT, 'POST', { name: 'a/b' }, 400, 'BadDataError'), '/name');
    assert.is(
      await refused(CONTEXT, 'POST', { name: 'x', legalValues: [{ value: 'a' }, { value: 'a' }] }, 400, 'BadDataError'),
      '/legalValues/1/value',
    );
    await refused(CONTEXT, 'POST', { name: 'x', legalValues: [{ value: '' }] }, 400, 'BadDataError');
    await refused(CONTEXT, 'POST', { name: 'x', description: 'd'.repeat(251) }, 400, 'BadDataError');
    await refused(CONTEXT, 'POST', { name: 'x', colour: 'red' }, 400, 'BadDataError');
    assert.is(await refused(CONTEXT, 'POST', { name: 'x', project: 'nowhere' }, 400, 'BadDataError'), '/project');
    assert.is(await refused(`${CONTEXT}/plan`, 'PUT', { name: 'other' }, 400, 'BadDataError'), '/name');
    assert.is(await refused(`${CONTEXT}/plan`, 'PUT', { project: 'default' }, 400, 'BadDataError'), '/project');
    await refused(`${CONTEXT}/plan/legal-values`, 'POST', { value: 'x', extra: 1 }, 400, 'BadDataError');
    await refused(`${CONTEXT}/nope`, 'PUT', {}, 404, 'NotFoundError');
    await refused(`${CONTEXT}/nope`, 'DELETE', undefined, 404, 'NotFoundError');
    await refused(`${CONTEXT}/nope/legal-values`, 'POST', { value: 'a' }, 404, 'NotFoundError');
    await refused(`${CONTEXT}/nope/legal-values/a`, 'DELETE', undefined, 404, 'NotFoundError');
    await refused(CONTEXT, 'POST', { name: 'x' }, 403, 'NoAccessError', /CREATE_CONTEXT_FIELD/, w.viewerKey);
    await refused(`${CONTEXT}/plan`, 'PUT', {}, 403, 'NoAccessError', /UPDATE_CONTEXT_FIELD/, w.viewerKey);
    await refused(`${CONTEXT}/plan`, 'DELETE', undefined, 403, 'NoAccessError', /DELETE_CONTEXT_FIELD/, w.viewerKey);
    await refused(CONTEXT, 'POST', { name: 'x' }, 403, 'NoAccessError', undefined, w.clientKey);
    await refused(CONTEXT, 'POST', { name: 'x' }, 401, 'AuthenticationRequired', undefined, '');
    const before = await state();
    await expectError(
      await w.send(CONTEXT, { method: 'POST', headers: { authorization: w.adminKey, 'content-type': 'text/plain' }, body: 'x' }),
      415,
      'ContentTypeerror',
    );
    assert.equal(await state(), before);
  });

  test('constraints name known fields and legal values (strategies, segments, JSON Patch, change requests): 400 naming it', async () => {
    await ok(CONTEXT, 'POST', plan);
    const base = { name: 'default', parameters: {} };
    const constraint = (c: Record<string, unknown>) => ({
      ...base,
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }, c],
    });
    assert.is(
      await refused(
        `${ENV}/strategies`,
        'POST',
        constraint({ contextName: 'tenant', operator: 'IN', values: ['a'] }),
        400,
        'BadDataError',
        /"tenant"/,
      ),
      '/constraints/1/contextName',
    );
    assert.is(
      await refused(
        `${ENV}/strategies`,
        'POST',
        constraint({ contextName: 'plan', operator: 'IN', values: ['pro', 'gold'] }),
        400,
        'BadDataError',
        /"gold" is not a legal value of context field "plan"/,
      ),
      '/constraints/1/values/1',
    );
    assert.is(
      await refused(
        `${ENV}/strategies`,
        'POST',
        constraint({ contextName: 'plan', operator: 'STR_CONTAINS', values: ['fr'] }),
        400,
        'BadDataError',
      ),
      '/constraints/1/values/0',
    );
    const strategy = (await ok(`${ENV}/strategies`, 'POST', constraint({ contextName: 'plan', operator: 'NOT_IN', values: ['free'] })))
      .body;
    assert.is(
      await refused(
        `${ENV}/strategies/${strategy.id}`,
        'PATCH',
        [{ op: 'replace', path: '/constraints/1/contextName', value: 'tenant' }],
        400,
        'BadDataError',
      ),
      '/constraints/1/contextName',
    );
    assert.is(
      await refused(
        `${ENV}/strategies/${strategy.id}`,
        'PUT',
        constraint({ contextName: 'plan', operator: 'IN', values: ['gold'] }),
        400,
        'BadDataError',
      ),
      '/constraints/1/values/0',
    );
    const segment = { name: 'paying', constraints: [{ contextName: 'plan', operator: 'IN', values: ['gold'] }] };
    assert.is(await refused('/api/admin/segments', 'POST', segment, 400, 'BadDataError'), '/constraints/0/values/0');
    assert.is(
      await refused(
        '/api/admin/segments',
        'POST',
        { name: 's', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['a'] }] },
        400,
        'BadDataError',
      ),
      '/constraints/0/contextName',
    );
    const draft = '/api/admin/projects/default/environments/development/change-requests';
    const payload = constraint({ contextName: 'tenant', operator: 'IN', values: ['a'] });
    assert.is(
      await refused(draft, 'POST', { feature: 'f1', action: 'addStrategy', payload }, 400, 'BadDataError', undefined, w.editorKey),
      '/payload/constraints/1/contextName',
    );
    // Single-value operators: the value must be a legal one too (as Unleash).
    await ok(CONTEXT, 'POST', { name: 'version', legalValues: [{ value: '1.0.0' }] });
    assert.is(
      await refused(
        `${ENV}/strategies`,
        'POST',
        constraint({ contextName: 'version', operator: 'SEMVER_GT', value: '2.0.0' }),
        400,
        'BadDataError',
      ),
      '/constraints/1/value',
    );
    await ok(`${ENV}/strategies`, 'POST', constraint({ contextName: 'version', operator: 'SEMVER_GT', value: '1.0.0' }));
    // A field without legal values takes any value.
    await ok(`${ENV}/strategies`, 'POST', constraint({ contextName: 'appName', operator: 'IN', values: ['anything'] }));
  });

  test('stickiness: default, random, or a field with stickiness on, for rollouts and variants', async () => {
    const rollout = (stickiness: string) => ({ name: 'flexibleRollout', parameters: { rollout: '50', stickiness, groupId: 'f1' } });
    for (const stickiness of ['default', 'random', 'userId', 'sessionId']) await ok(`${ENV}/strategies`, 'POST', rollout(stickiness));
    assert.is(await refused(`${ENV}/strategies`, 'POST', rollout('tenant'), 400, 'BadDataError', /"tenant"/), '/parameters/stickiness');
    assert.is(
      await refused(`${ENV}/strategies`, 'POST', rollout('appName'), 400, 'BadDataError', /not enabled for stickiness/),
      '/parameters/stickiness',
    );
    const variants = (stickiness: string) => [{ name: 'a', weight: 500, weightType: 'variable', stickiness }];
    assert.is(await refused(`${ENV}/variants`, 'PUT', variants('tenant'), 400, 'BadDataError'), '/0/stickiness');
    assert.is(
      await refused(`${ENV}/strategies`, 'POST', { name: 'default', variants: variants('tenant') }, 400, 'BadDataError'),
      '/variants/0/stickiness',
    );
    await ok(CONTEXT, 'POST', { name: 'tenant', stickiness: true });
    await ok(`${ENV}/strategies`, 'POST', rollout('tenant'));
    await ok(`${ENV}/variants`, 'PUT', variants('tenant'));
    // In use as stickiness: the deletion is refused, naming where.
    await refused(`${CONTEXT}/tenant`, 'DELETE', undefined, 409, 'ConflictError', /flexibleRollout of f1 in development.*variants of f1/);
  });

  test('a used field cannot be deleted (409 naming the strategies and segments); its strategies are listed', async () => {
    await ok(CONTEXT, 'POST', plan);
    const strategy = (
      await ok(`${ENV}/strategies`, 'POST', { name: 'default', constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'] }] })
    ).body;
    const listed = (await ok(`${CONTEXT}/plan/strategies`)).body;
    openapi.check('GET', `${OPEN_CONTEXT}/{contextField}/strategies`, 200, listed);
    assert.equal(listed, {
      strategies: [{ id: strategy.id, featureName: 'f1', projectId: 'default', environment: 'development', strategyName: 'default' }],
    });
    assert.equal((await ok(`${CONTEXT}/unknown/strategies`)).body, { strategies: [] });
    assert.equal((await ok(CONTEXT)).body.find((f: { name: string }) => f.name === 'plan').usedInFeatures, 1);
    await refused(`${CONTEXT}/plan`, 'DELETE', undefined, 409, 'ConflictError', /default of f1 in development \(project default\)/);
    await ok(`${ENV}/strategies/${strategy.id}`, 'DELETE');
    const segment = (
      await ok('/api/admin/segments', 'POST', { name: 'paying', constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'] }] })
    ).body;
    await refused(`${CONTEXT}/plan`, 'DELETE', undefined, 409, 'ConflictError', /segment "paying"/);
    await ok(`/api/admin/segments/${segment.id}`, 'DELETE');
    await ok(`${CONTEXT}/plan`, 'DELETE');
  });

  test("a project's fields: its routes, its constraints only, the key's scope", async () => {
    await w.admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'shop', name: 'Shop' } });
    await w.admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'shop', body: { name: 's1' } });
    const created = await ok(SHOP, 'POST', { name: 'basket', legalValues: [{ value: 'big' }] }, w.editorKey);
    openapi.check('POST', OPEN_PROJECT, 201, created.body);
    assert.is(created.body.project, 'shop');
    assert.is((await lastEvent()).project, 'shop');
    const own = (await ok(SHOP)).body;
    openapi.check('GET', OPEN_PROJECT, 200, own);
    assert.equal(
      own.map((f: { name: string }) => f.name),
      ['basket'],
    );
    assert.equal(
      (await ok(`${SHOP}?include=root`)).body.map((f: { name: string }) => f.name),
      ['appName', 'basket', 'currentTime', 'environment', 'remoteAddress', 'sessionId', 'userId'],
    );
    assert.not.ok(
      (await ok(CONTEXT)).body.some((f: { name: string }) => f.name === 'basket'),
      "the instance's list leaves it out",
    );
    assert.ok((await ok(`${CONTEXT}?include=project`)).body.some((f: { name: string }) => f.name === 'basket'));
    openapi.check('GET', `${OPEN_PROJECT}/{contextField}`, 200, (await ok(`${SHOP}/basket`)).body);
    assert.is((await ok(`${SHOP}/userId`)).body.name, 'userId', "a project's read finds the instance's fields");
    await refused(`${SHOP}/userId`, 'PUT', {}, 404, 'NotFoundError');
    await refused(`${SHOP}/userId`, 'DELETE', undefined, 404, 'NotFoundError');
    await ok(`${SHOP}/basket/legal-values`, 'POST', { value: 'small' });
    await ok(`${SHOP}/basket`, 'PUT', { legalValues: [{ value: 'big' }, { value: 'small' }], description: 'Basket size' });
    await refused(`${SHOP}/validate`, 'POST', { name: 'basket' }, 409, 'NameExistsError');
    assert.is((await send(`${SHOP}/validate`, 'POST', { name: 'free-name' })).status, 200);
    assert.is(await refused(SHOP, 'POST', { name: 'x', project: 'default' }, 400, 'BadDataError'), '/project');

    const shopEnv = '/api/admin/projects/shop/features/s1/environments/development';
    const basket = { name: 'default', constraints: [{ contextName: 'basket', operator: 'IN', values: ['big'] }] };
    const used = (await ok(`${shopEnv}/strategies`, 'POST', basket)).body;
    assert.is(
      await refused(`${ENV}/strategies`, 'POST', basket, 400, 'BadDataError', /in project "default"/),
      '/constraints/0/contextName',
    );
    await refused(
      '/api/admin/segments',
      'POST',
      { name: 'everyone', constraints: basket.constraints },
      400,
      'BadDataError',
      /of every project/,
    );
    await ok('/api/admin/segments', 'POST', { name: 'shoppers', project: 'shop', constraints: basket.constraints });
    assert.equal(
      (await ok(`${SHOP}/basket/strategies`)).body.strategies.map((s: { id: string }) => s.id),
      [used.id],
    );

    // Scope: a key of another project neither reads nor writes the project's fields.
    const other = (
      await w.admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'o', type: 'admin', role: 'editor', projects: ['default'] } })
    ).secret;
    await refused(`${SHOP}/basket`, 'GET', undefined, 404, 'NotFoundError', undefined, other);
    await refused(`${CONTEXT}/basket`, 'GET', undefined, 404, 'NotFoundError', undefined, other);
    await refused(SHOP, 'POST', { name: 'y' }, 403, 'NoAccessError', /CREATE_CONTEXT_FIELD/, other);
    await refused(CONTEXT, 'POST', { name: 'y' }, 403, 'NoAccessError', /every project/, other);
    await refused(`${SHOP}/basket`, 'DELETE', undefined, 403, 'NoAccessError', undefined, other);
    assert.not.ok(
      (await ok(`${CONTEXT}?include=project`, 'GET', undefined, other)).body.some((f: { name: string }) => f.name === 'basket'),
    );
    await refused('/api/admin/projects/nowhere/context', 'GET', undefined, 404, 'NotFoundError');
    await refused(`${SHOP}/basket`, 'DELETE', undefined, 409, 'ConflictError', /s1/);
  });

  test('existing data without the built-ins gets them when an instance opens it', async () => {
    const storage = w.admin.context.storage;
    await storage.write(async (tx) => {
      for (const name of BUILTINS) await tx.delete('contextFields', name);
    });
    const { admin } = createFlagadmin({ storage });
    assert.equal(
      (await admin.getContextFields(SYSTEM_PRINCIPAL, {})).map((f) => f.name),
      BUILTINS,
    );
    const events = await w.eventCount();
    const again = createFlagadmin({ storage });
    await again.admin.getContextFields(SYSTEM_PRINCIPAL, {});
    assert.is(await w.eventCount(), events, 'no event, and nothing written once they are there');
  });

  test.run();
}

for (const storageKind of [MEMORY, LOWDB, POSTGRES]) contextFieldSuite(storageKind);
