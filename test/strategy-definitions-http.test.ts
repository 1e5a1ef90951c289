// Strategy definitions as Unleash 8.2.0 (/api/admin/strategies): the built-ins with their parameter
// definitions, custom strategies defined, changed, deprecated, reactivated and removed, and a flag
// strategy's parameters checked against its definition. Once per transport and storage (memory, lowdb,
// PostgreSQL); every refusal is a JSON error with Unleash's status and changes neither the definitions
// nor the events.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import {
  expectError,
  freshWorldEachTest,
  HTTP_SETUPS,
  json,
  OVER_SOCKET,
  type HttpSetup,
  type HttpWorld,
  type OpenApiChecker,
} from './helpers/http-world';
import { LOWDB } from './helpers/test-storages';

const STRATEGIES = '/api/admin/strategies';
const ENV = '/api/admin/projects/default/features/f1/environments/development';
const CUSTOM = {
  name: 'my-strategy',
  title: 'My strategy',
  description: 'For our own SDK code',
  parameters: [
    { name: 'region', type: 'string', description: 'Where', required: true },
    { name: 'share', type: 'percentage' },
    { name: 'limit', type: 'number', required: false },
    { name: 'beta', type: 'boolean' },
    { name: 'tenants', type: 'list' },
  ],
};

const SETUPS: readonly HttpSetup[] = [...HTTP_SETUPS, { transport: OVER_SOCKET, storageKind: LOWDB, name: `${OVER_SOCKET.name}, lowdb` }];

function strategyDefinitionsSuite(setup: HttpSetup): void {
  const test = suite(`strategy definitions over HTTP (${setup.name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;
  freshWorldEachTest(test, setup, (world, checker) => {
    w = world;
    openapi = checker;
  });

  const send = (path: string, method: string, body?: unknown, key = w.adminKey) =>
    w.send(path, body === undefined ? { method, headers: { authorization: key } } : json(key, method, body));
  const state = async () => ({
    definitions: await w.admin.context.read((tx) => tx.list('strategyDefinitions')),
    events: await w.eventCount(),
    feature: await w.admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f1' }),
  });
  const refused = async (path: string, method: string, body: unknown, status: number, name: string, message?: RegExp, key?: string) => {
    const before = await state();
    const error = await expectError(await send(path, method, body, key), status, name, message);
    assert.equal(await state(), before, `${method} ${path}: nothing changed`);
    return error;
  };
  const define = async (body: unknown = CUSTOM) => {
    const res = await send(STRATEGIES, 'POST', body);
    assert.is(res.status, 201, await res.clone().text());
    return res;
  };
  const eventsOf = async (type: string) => (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events.filter((e) => e.type === type);
  const addStrategy = (body: unknown) => send(`${ENV}/strategies`, 'POST', body);

  test('GET lists the built-ins as Unleash 8.2.0 answers them; GET one; 404 for unknown and legacy names', async () => {
    const res = await send(STRATEGIES, 'GET');
    assert.is(res.status, 200);
    const all = await res.json();
    openapi.check('GET', STRATEGIES, 200, all);
    assert.is(all.version, 1);
    assert.equal(
      all.strategies.map((s: { name: string; displayName: string; editable: boolean }) => [s.name, s.displayName, s.editable]),
      [
        ['flexibleRollout', 'Gradual rollout', false],
        ['default', 'Standard', false],
        ['remoteAddress', 'IPs', false],
        ['applicationHostname', 'Hosts', false],
      ],
    );
    assert.equal(all.strategies[0].parameters, [
      { name: 'rollout', type: 'percentage', description: '', required: false },
      {
        name: 'stickiness',
        type: 'string',
        description: 'Used define stickiness. Possible values: default, userId, sessionId, random',
        required: true,
      },
      {
        name: 'groupId',
        type: 'string',
        description: 'Used to define a activation groups, which allows you to correlate across feature toggles.',
        required: true,
      },
    ]);
    const one = await (await send(`${STRATEGIES}/remoteAddress`, 'GET')).json();
    openapi.check('GET', `${STRATEGIES}/{name}`, 200, one);
    assert.equal(one, all.strategies[2]);
    await expectError(await send(`${STRATEGIES}/nope`, 'GET'), 404, 'NotFoundError', /nope/);
    await expectError(await send(`${STRATEGIES}/userWithId`, 'GET'), 404, 'NotFoundError');
    assert.is((await send(STRATEGIES, 'GET', undefined, w.viewerKey)).status, 200, 'any admin key reads');
    await expectError(await send(STRATEGIES, 'GET', undefined, w.clientKey), 403, 'NoAccessError');
  });

  test('a custom strategy: 201 with location, listed after the built-ins, event strategy-created; then usable by flags', async () => {
    const undefinedYet = await refused(`${ENV}/strategies`, 'POST', { name: 'my-strategy' }, 400, 'BadDataError', /my-strategy/);
    assert.equal((undefinedYet['details'] as { path: string }[])[0]!.path, '/name');
    const res = await define({ name: 'my-strategy', parameters: [] });
    assert.is(res.headers.get('location'), 'strategies/my-strategy');
    const created = await res.json();
    openapi.check('POST', STRATEGIES, 201, created);
    assert.equal(created, {
      name: 'my-strategy',
      displayName: null,
      title: null,
      description: null,
      editable: true,
      deprecated: false,
      parameters: [],
    });
    const all = await (await send(STRATEGIES, 'GET')).json();
    assert.equal(all.strategies.at(-1), created);
    const [event] = await eventsOf('strategy-created');
    assert.equal([event!.data, event!.project], [created, null]);
    const added = await addStrategy({ name: 'my-strategy' });
    assert.is(added.status, 200, await added.clone().text());
    const client = await (await w.send('/api/client/features', { headers: { authorization: w.clientKey } })).json();
    assert.equal(
      client.features[0].strategies.map((s: { name: string; parameters: unknown }) => [s.name, s.parameters]),
      [['my-strategy', {}]],
      'the client API serves the custom strategy as it is',
    );
  });

  test('a flag strategy is checked against its definition: required, percentage, number, boolean, list, no other', async () => {
    await define();
    const ok = { region: 'eu', share: 30, limit: '2.5', beta: 'true', tenants: 'a, b' };
    const res = await addStrategy({ name: 'my-strategy', parameters: ok });
    assert.is(res.status, 200, await res.clone().text());
    const stored = await res.json();
    assert.equal(stored.parameters, { region: 'eu', share: '30', limit: '2.5', beta: 'true', tenants: 'a, b' });
    const optionalLeftOut = await (await addStrategy({ name: 'my-strategy', parameters: { region: 'us', beta: '' } })).json();
    assert.equal(optionalLeftOut.parameters, { region: 'us', beta: '' }, 'optional parameters may be left out or empty');
    for (const [parameters, problem] of [
      [{}, /region.*required/],
      [{ region: '' }, /region.*required/],
      [{ region: 'eu', share: '101' }, /share/],
      [{ region: 'eu', share: '-1' }, /share/],
      [{ region: 'eu', limit: 'ten' }, /limit.*number/],
      [{ region: 'eu', beta: 'yes' }, /beta.*true or false/],
      [{ region: 'eu', tenants: 'a,,b' }, /tenants/],
      [{ region: 'eu', other: 'x' }, /other/],
    ] as const) {
      await refused(`${ENV}/strategies`, 'POST', { name: 'my-strategy', parameters }, 400, 'BadDataError', problem);
    }
    // PUT and PATCH are checked the same way.
    await refused(
      `${ENV}/strategies/${stored.id}`,
      'PUT',
      { name: 'my-strategy', parameters: { share: '5' } },
      400,
      'BadDataError',
      /region/,
    );
    await refused(
      `${ENV}/strategies/${stored.id}`,
      'PATCH',
      [{ op: 'replace', path: '/parameters/share', value: '500' }],
      400,
      'BadDataError',
      /share/,
    );
    // The built-ins and the legacy ones keep their rules.
    for (const body of [
      { name: 'userWithId', parameters: { userIds: 'a,b' } },
      { name: 'gradualRolloutRandom', parameters: { percentage: '5' } },
      { name: 'gradualRolloutUserId', parameters: { percentage: '5' } },
      { name: 'gradualRolloutSessionId', parameters: { percentage: '5' } },
      { name: 'applicationHostname', parameters: { hostNames: 'web-1' } },
      { name: 'remoteAddress', parameters: { IPs: '10.0.0.1' } },
    ]) {
      assert.is((await addStrategy(body)).status, 200, body.name);
    }
  });

  test('PUT changes parameters, title and description (kept when left out): 200 without body, strategy-updated; no change, no event', async () => {
    await define();
    const res = await send(`${STRATEGIES}/my-strategy`, 'PUT', { parameters: [{ name: 'region', type: 'list', required: true }] });
    assert.equal([res.status, await res.text()], [200, '']);
    const after = await (await send(`${STRATEGIES}/my-strategy`, 'GET')).json();
    assert.equal(
      [after.title, after.description, after.parameters],
      [CUSTOM.title, CUSTOM.description, [{ name: 'region', type: 'list', description: '', required: true }]],
    );
    const [event] = await eventsOf('strategy-updated');
    assert.equal([(event!.preData as { parameters: unknown[] }).parameters.length, event!.data], [5, after]);
    const events = await w.eventCount();
    // A GET answer sent back (with its read-only fields and another name in the body) changes nothing.
    assert.is((await send(`${STRATEGIES}/my-strategy`, 'PUT', { ...after, name: 'other' })).status, 200);
    assert.is(await w.eventCount(), events, 'the same definition again: no event');
    const titled = await send(`${STRATEGIES}/my-strategy`, 'PUT', { title: null, description: 'new', parameters: [] });
    assert.is(titled.status, 200);
    const now = await (await send(`${STRATEGIES}/my-strategy`, 'GET')).json();
    assert.equal([now.title, now.description, now.parameters], [null, 'new', []]);
  });

  test('deprecate and reactivate: 200; a deprecated strategy stays where it is used, cannot be added anew; built-ins too', async () => {
    await define();
    const used = await (await addStrategy({ name: 'my-strategy', parameters: { region: 'eu' } })).json();
    const res = await send(`${STRATEGIES}/my-strategy/deprecate`, 'POST');
    assert.equal([res.status, await res.text()], [200, '']);
    assert.is((await (await send(`${STRATEGIES}/my-strategy`, 'GET')).json()).deprecated, true);
    await refused(`${ENV}/strategies`, 'POST', { name: 'my-strategy', parameters: { region: 'eu' } }, 400, 'BadDataError', /deprecated/);
    const kept = await send(`${ENV}/strategies/${used.id}`, 'PUT', { name: 'my-strategy', parameters: { region: 'us' } });
    assert.is(kept.status, 200, 'a strategy using it can still be changed');
    const events = await w.eventCount();
    assert.is((await send(`${STRATEGIES}/my-strategy/deprecate`, 'POST')).status, 200);
    assert.is(await w.eventCount(), events, 'already deprecated: no event');
    assert.is((await send(`${STRATEGIES}/my-strategy/reactivate`, 'POST')).status, 200);
    assert.is((await addStrategy({ name: 'my-strategy', parameters: { region: 'eu' } })).status, 200);
    assert.equal(
      [...(await eventsOf('strategy-deprecated')), ...(await eventsOf('strategy-reactivated'))].map((e) => [e.type, e.data]),
      [
        ['strategy-deprecated', { name: 'my-strategy' }],
        ['strategy-reactivated', { name: 'my-strategy' }],
      ],
    );
    // A built-in: deprecated, listed so, refused anew; enabling an environment still gets its default strategy.
    assert.is((await send(`${STRATEGIES}/default/deprecate`, 'POST')).status, 200);
    const listed = await (await send(STRATEGIES, 'GET')).json();
    openapi.check('GET', STRATEGIES, 200, listed);
    assert.equal(
      listed.strategies.filter((s: { deprecated: boolean }) => s.deprecated).map((s: { name: string }) => s.name),
      ['default'],
    );
    await refused(`${ENV}/strategies`, 'POST', { name: 'default' }, 400, 'BadDataError', /deprecated/);
    assert.is((await send(`${STRATEGIES}/default/reactivate`, 'POST')).status, 200);
    assert.is((await addStrategy({ name: 'default' })).status, 200);
    await refused(`${STRATEGIES}/userWithId/deprecate`, 'POST', undefined, 404, 'NotFoundError');
    await refused(`${STRATEGIES}/nope/reactivate`, 'POST', undefined, 404, 'NotFoundError');
  });

  test('DELETE: 409 naming where it is used, then 200 and strategy-deleted; built-ins 403; unknown 404', async () => {
    await define();
    const used = await (await addStrategy({ name: 'my-strategy', parameters: { region: 'eu' } })).json();
    await refused(`${STRATEGIES}/my-strategy`, 'DELETE', undefined, 409, 'ConflictError', new RegExp(`f1/development/${used.id}`));
    assert.is((await send(`${ENV}/strategies/${used.id}`, 'DELETE')).status, 200);
    const res = await send(`${STRATEGIES}/my-strategy`, 'DELETE');
    assert.equal([res.status, await res.text()], [200, '']);
    await expectError(await send(`${STRATEGIES}/my-strategy`, 'GET'), 404, 'NotFoundError');
    const [event] = await eventsOf('strategy-deleted');
    assert.equal(event!.data, { name: 'my-strategy' });
    await refused(`${STRATEGIES}/my-strategy`, 'DELETE', undefined, 404, 'NotFoundError');
    await refused(`${STRATEGIES}/flexibleRollout`, 'DELETE', undefined, 403, 'OperationDeniedError', /built in/);
    await refused(`${STRATEGIES}/default`, 'PUT', { parameters: [] }, 403, 'OperationDeniedError', /built in/);
    await refused(`${STRATEGIES}/nope`, 'PUT', { parameters: [] }, 404, 'NotFoundError');
    // The name is free again.
    await define();
  });

  test('DELETE: a strategy kept for an environment removed from the project counts as used (a re-add brings it back)', async () => {
    await define();
    const kept = await (await addStrategy({ name: 'my-strategy', parameters: { region: 'eu' } })).json();
    const removed = await send('/api/admin/projects/default/environments/development', 'DELETE');
    assert.is(removed.status < 300, true, await removed.clone().text());
    await refused(`${STRATEGIES}/my-strategy`, 'DELETE', undefined, 409, 'ConflictError', new RegExp(kept.id));
  });

  test('a change request adding a custom strategy is checked against its definition when it is made', async () => {
    await define();
    const config = await send('/api/admin/projects/default/environments/production/change-requests/config', 'PUT', {
      changeRequestsEnabled: true,
    });
    assert.is(config.status, 204);
    const changes = '/api/admin/projects/default/environments/production/change-requests';
    const bad = await refused(
      changes,
      'POST',
      { feature: 'f1', action: 'addStrategy', payload: { name: 'my-strategy', parameters: { share: '5' } } },
      400,
      'BadDataError',
      /region/,
    );
    assert.match((bad['details'] as { path: string }[])[0]!.path, /^\/payload\/parameters\/region$/);
    const ok = await send(changes, 'POST', {
      feature: 'f1',
      action: 'addStrategy',
      payload: { name: 'my-strategy', parameters: { region: 'eu' } },
    });
    assert.ok(ok.status < 300, await ok.clone().text());
  });

  test('refusals: 400 bad bodies, 409 names taken, 403 without the permission, 415; nothing changed', async () => {
    await define();
    for (const body of [
      { name: 'no-parameters' },
      { name: 'my strategy', parameters: [] },
      { name: '..', parameters: [] },
      { name: 'x'.repeat(101), parameters: [] },
      { name: 'bad-type', parameters: [{ name: 'a', type: 'date' }] },
      { name: 'no-type', parameters: [{ name: 'a' }] },
      {
        name: 'twice',
        parameters: [
          { name: 'a', type: 'string' },
          { name: 'a', type: 'number' },
        ],
      },
      { name: 'extra', parameters: [], colour: 'red' },
      { name: 'many', parameters: Array.from({ length: 11 }, (_, i) => ({ name: `p${i}`, type: 'string' })) },
      [],
    ]) {
      await refused(STRATEGIES, 'POST', body, 400, 'BadDataError');
    }
    await refused(`${STRATEGIES}/my-strategy`, 'PUT', { description: 'no parameters' }, 400, 'BadDataError');
    for (const name of ['my-strategy', 'default', 'flexibleRollout', 'userWithId', 'gradualRolloutRandom']) {
      await refused(STRATEGIES, 'POST', { name, parameters: [] }, 409, 'NameExistsError', new RegExp(name));
    }
    const scoped = (
      await w.admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'scoped', type: 'admin', role: 'editor', projects: ['default'] } })
    ).secret;
    for (const key of [w.viewerKey, scoped]) {
      const error = await refused(STRATEGIES, 'POST', { name: 'x', parameters: [] }, 403, 'NoAccessError', /CREATE_STRATEGY/, key);
      assert.equal(error['permissions'], ['CREATE_STRATEGY']);
      await refused(`${STRATEGIES}/my-strategy`, 'PUT', { parameters: [] }, 403, 'NoAccessError', /UPDATE_STRATEGY/, key);
      await refused(`${STRATEGIES}/my-strategy/deprecate`, 'POST', undefined, 403, 'NoAccessError', /UPDATE_STRATEGY/, key);
      await refused(`${STRATEGIES}/my-strategy`, 'DELETE', undefined, 403, 'NoAccessError', /DELETE_STRATEGY/, key);
    }
    await refused(STRATEGIES, 'POST', { name: 'x', parameters: [] }, 403, 'NoAccessError', undefined, w.clientKey);
    // The permission is checked before the body: a viewer's text/plain body is a 403, an admin's a 415.
    const plain = (key: string): RequestInit => ({
      method: 'POST',
      headers: { authorization: key, 'content-type': 'text/plain' },
      body: 'x',
    });
    await expectError(await w.send(STRATEGIES, plain(w.viewerKey)), 403, 'NoAccessError');
    await expectError(await w.send(STRATEGIES, plain(w.adminKey)), 415, 'ContentTypeerror');
    // An editor over every project may define strategies, as Unleash's Editor role.
    assert.is((await send(STRATEGIES, 'POST', { name: 'by-editor', parameters: [] }, w.editorKey)).status, 201);
  });

  test('a parameter named __proto__ is kept as an own member and checked', async () => {
    await define({ name: 'odd', parameters: [{ name: '__proto__', type: 'number', required: true }] });
    await refused(`${ENV}/strategies`, 'POST', JSON.parse('{"name":"odd","parameters":{"__proto__":"x"}}'), 400, 'BadDataError', /number/);
    const res = await w.send(`${ENV}/strategies`, json(w.adminKey, 'POST', '{"name":"odd","parameters":{"__proto__":"7"}}'));
    assert.is(res.status, 200, await res.clone().text());
    const body = await res.json();
    assert.is(Object.getOwnPropertyDescriptor(body.parameters, '__proto__')?.value, '7');
  });

  test.run();
}

for (const setup of SETUPS) strategyDefinitionsSuite(setup);
