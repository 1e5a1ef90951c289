// Environments and feature types over HTTP: Unleash 8.2.0's paths and statuses on every transport and
// storage, bad input answered with nothing changed, and the answers checked against the real Unleash
// 8.2.0's response schemas, read at run time from a running Unleash (test/helpers/unleash.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectError, HTTP_SETUPS, httpWorld, IN_PROCESS, json, type HttpWorld } from './helpers/http-world';
import { startPostgres, type TestPostgres } from './helpers/postgres';
import { startUnleash, unleashSchemas, type RunningUnleash, type UnleashSchemas } from './helpers/unleash';

const ENVS = '/api/admin/environments';

for (const setup of HTTP_SETUPS) {
  const test = suite(`environments over HTTP [${setup.name}]`);
  let w: HttpWorld;
  test.before.each(async () => {
    w = await httpWorld(setup.transport, { storageKind: setup.storageKind });
  });
  test.after.each(async () => {
    await w.close();
  });
  const get = (path: string, key = w.adminKey) => w.send(path, { headers: { authorization: key } });
  const state = async () => ({ envs: await (await get(ENVS)).json(), events: await w.eventCount() });

  test('create 201 with location, read, order, switch off (204) and on, delete (200): Unleash statuses', async () => {
    const created = await w.send(ENVS, json(w.adminKey, 'POST', { name: 'staging', type: 'test' }));
    assert.is(created.status, 201);
    assert.is(created.headers.get('location'), 'environments/staging');
    assert.is((await (await get(`${ENVS}/staging`)).json()).type, 'test');
    assert.is((await w.send(`${ENVS}/sort-order`, json(w.adminKey, 'PUT', { staging: 1 }))).status, 200);
    assert.is((await (await get(ENVS)).json()).environments[0].name, 'staging');
    assert.is((await w.send(`${ENVS}/staging/off`, { method: 'POST', headers: { authorization: w.adminKey } })).status, 204);
    assert.is((await (await get(`${ENVS}/staging`)).json()).enabled, false);
    assert.is((await w.send(`${ENVS}/staging/on`, { method: 'POST', headers: { authorization: w.adminKey } })).status, 204);
    const updated = await w.send(`${ENVS}/update/staging`, json(w.adminKey, 'PUT', { type: 'preproduction' }));
    assert.is(updated.status, 200);
    assert.is((await updated.json()).type, 'preproduction');
    assert.is((await w.send(`${ENVS}/staging`, { method: 'DELETE', headers: { authorization: w.adminKey } })).status, 200);
    await expectError(await get(`${ENVS}/staging`), 404, 'NotFoundError');
  });

  test('a project adds (200), sets a default strategy (200) and removes (200) an environment', async () => {
    await w.send(ENVS, json(w.adminKey, 'POST', { name: 'qa', type: 'test' }));
    const project = '/api/admin/projects/default/environments';
    assert.is((await w.send(project, json(w.adminKey, 'POST', { environment: 'qa' }))).status, 200);
    const strategy = await w.send(
      `${project}/qa/default-strategy`,
      json(w.adminKey, 'POST', { name: 'flexibleRollout', parameters: { rollout: '30' } }),
    );
    assert.is(strategy.status, 200);
    assert.is((await strategy.json()).parameters.rollout, '30');
    const seen = await (await get(`${ENVS}/project/default`)).json();
    assert.equal(
      seen.environments.map((e: { name: string; visible: boolean }) => `${e.name}:${e.visible}`),
      ['development:true', 'production:true', 'qa:true'],
    );
    assert.is((await w.send(`${project}/qa`, { method: 'DELETE', headers: { authorization: w.adminKey } })).status, 200);
    await expectError(await w.send(`${project}/qa`, { method: 'DELETE', headers: { authorization: w.adminKey } }), 400, 'BadDataError');
  });

  test('bad input: Unleash statuses, nothing changed', async () => {
    const before = await state();
    await expectError(await w.send(ENVS, json(w.adminKey, 'POST', { name: 'a.b', type: 'x' })), 400, 'BadDataError');
    await expectError(await w.send(ENVS, json(w.adminKey, 'POST', { name: 'production', type: 'x' })), 409, 'NameExistsError');
    await expectError(await w.send(ENVS, json(w.editorKey, 'POST', { name: 'x', type: 'x' })), 403, 'NoAccessError');
    await expectError(await w.send(ENVS, json(w.adminKey, 'POST', '{"name":')), 400, 'BadDataError');
    await expectError(await w.send(`${ENVS}/sort-order`, json(w.adminKey, 'PUT', { production: 'first' })), 400, 'BadDataError');
    await expectError(await w.send(`${ENVS}/nope/on`, { method: 'POST', headers: { authorization: w.adminKey } }), 404, 'NotFoundError');
    await expectError(await w.send(`${ENVS}/nope`, { method: 'DELETE', headers: { authorization: w.adminKey } }), 404, 'NotFoundError');
    const project = '/api/admin/projects/default/environments';
    await expectError(await w.send(project, json(w.adminKey, 'POST', { environment: 'nope' })), 400, 'BadDataError');
    await expectError(await w.send(project, json(w.adminKey, 'POST', { environment: 'production' })), 409, 'NameExistsError');
    await expectError(
      await w.send(`${project}/development/default-strategy`, json(w.adminKey, 'POST', { name: 'default' })),
      400,
      'BadDataError',
    );
    await expectError(
      await w.send('/api/admin/feature-types/nope/lifetime', json(w.adminKey, 'PUT', { lifetimeDays: 3 })),
      404,
      'NotFoundError',
    );
    await expectError(
      await w.send('/api/admin/feature-types/release/lifetime', json(w.adminKey, 'PUT', { lifetimeDays: -3 })),
      400,
      'BadDataError',
    );
    await expectError(
      await w.send('/api/admin/feature-types/release/lifetime', json(w.clientKey, 'PUT', { lifetimeDays: 3 })),
      403,
      'NoAccessError',
    );
    assert.equal(await state(), before);
  });

  test.run();
}

// The answers against Unleash 8.2.0's own response schemas.
const real = suite('environments and feature types against Unleash 8.2.0 schemas');
let postgres: TestPostgres | undefined;
let unleash: RunningUnleash | undefined;
let schemas: UnleashSchemas;
let w: HttpWorld;
real.before(async () => {
  postgres = await startPostgres();
  unleash = await startUnleash({ postgresUrl: postgres.url });
  schemas = unleashSchemas(await unleash.openApi());
  w = await httpWorld(IN_PROCESS);
});
real.after(async () => {
  await w?.close();
  await unleash?.stop();
  await postgres?.stop();
});

/** Sends the same request to flagadmin and to Unleash; both answers must match Unleash's schema for `operationId`. */
async function both(operationId: string, method: string, path: string, body?: unknown, schemaOf = operationId): Promise<void> {
  for (const [name, send, key] of [
    ['flagadmin', w.send, w.adminKey],
    ['unleash', (p: string, i?: RequestInit) => fetch(`${unleash!.url}${p}`, i), unleash!.adminKey],
  ] as const) {
    const init: RequestInit = body === undefined ? { method, headers: { authorization: key } } : json(key, method, body);
    const response = await send(path, init);
    const text = await response.text();
    assert.ok(response.status < 300, `${name} ${operationId}: ${response.status} ${text}`);
    const documented = schemas.operation(operationId);
    assert.ok(documented?.statuses.includes(String(response.status)), `${name} ${operationId}: ${response.status} is documented`);
    const check = schemas.check(schemaOf, schemaOf === operationId ? response.status : 200, text === '' ? undefined : JSON.parse(text));
    if (check.kind === 'schema') assert.ok(check.valid, `${name} ${operationId}: ${schemas.describe(check.errors).join('; ')}`);
  }
}

real('every environment and feature-type answer matches Unleash 8.2.0 schemas, and the statuses are Unleash own', async () => {
  await both('getAllEnvironments', 'GET', ENVS);
  await both('getEnvironment', 'GET', `${ENVS}/development`);
  await both('getProjectEnvironments', 'GET', `${ENVS}/project/default`);
  await both('updateSortOrder', 'PUT', `${ENVS}/sort-order`, { development: 100 });
  await both('toggleEnvironmentOff', 'POST', `${ENVS}/production/off`);
  await both('toggleEnvironmentOn', 'POST', `${ENVS}/production/on`);
  await both('removeEnvironmentFromProject', 'DELETE', '/api/admin/projects/default/environments/production');
  await both('addEnvironmentToProject', 'POST', '/api/admin/projects/default/environments', { environment: 'production' });
  await both('addDefaultStrategyToProjectEnvironment', 'POST', '/api/admin/projects/default/environments/production/default-strategy', {
    name: 'flexibleRollout',
    parameters: { rollout: '50', stickiness: 'default', groupId: '' },
    constraints: [],
  });
  await both('getProjectEnvironments', 'GET', `${ENVS}/project/default`);
  await both('getAllFeatureTypes', 'GET', '/api/admin/feature-types');
  await both('updateFeatureTypeLifetime', 'PUT', '/api/admin/feature-types/release/lifetime', { lifetimeDays: 30 });
  // Enterprise's routes are not in Unleash OSS's document: ours answer its environmentSchema (as getEnvironment).
  const created = await w.send(ENVS, json(w.adminKey, 'POST', { name: 'staging', type: 'test' }));
  const check = schemas.check('getEnvironment', 200, await created.json());
  assert.ok(check.kind === 'schema' && check.valid);
});

real.run();
