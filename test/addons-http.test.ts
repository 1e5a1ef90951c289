// Integrations as Unleash 8.2.0 (/api/admin/addons): the providers built here, an integration created,
// read, changed and deleted, its secret parameters never answered nor put in events, and its delivery
// outcomes read. Once per transport and storage (memory, lowdb, PostgreSQL); every refusal is a JSON error
// with Unleash's status and changes neither the integrations nor the events.
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

const ADDONS = '/api/admin/addons';
const SECRET_URL = 'https://hooks.example.com/services/T000/B000/secret-key-123';
const WEBHOOK = {
  provider: 'webhook',
  description: 'To our incident tool',
  enabled: true,
  parameters: {
    url: SECRET_URL,
    contentType: 'application/json',
    authorization: 'Bearer hush',
    customHeaders: '{"X-Team":"flags"}',
    bodyTemplate: '{"flag":"{{event.featureName}}"}',
    signingSecret: 'sign-me',
  },
  events: ['feature-created', 'feature-environment-enabled'],
  projects: ['default'],
  environments: [],
};

const SETUPS: readonly HttpSetup[] = [...HTTP_SETUPS, { transport: OVER_SOCKET, storageKind: LOWDB, name: `${OVER_SOCKET.name}, lowdb` }];

function addonsSuite(setup: HttpSetup): void {
  const test = suite(`addons over HTTP (${setup.name})`);
  let w: HttpWorld;
  let openapi: OpenApiChecker;
  freshWorldEachTest(test, setup, (world, checker) => {
    w = world;
    openapi = checker;
  });

  const send = (path: string, method: string, body?: unknown, key = w.adminKey) =>
    w.send(path, body === undefined ? { method, headers: { authorization: key } } : json(key, method, body));
  const state = async () => ({
    addons: await w.admin.context.read((tx) => tx.list('addons')),
    events: await w.eventCount(),
  });
  const refused = async (path: string, method: string, body: unknown, status: number, name: string, message?: RegExp, key?: string) => {
    const before = await state();
    const error = await expectError(await send(path, method, body, key), status, name, message);
    assert.equal(await state(), before, `${method} ${path}: nothing changed`);
    return error;
  };
  const create = async (body: unknown = WEBHOOK) => {
    const res = await send(ADDONS, 'POST', body);
    assert.is(res.status, 201, await res.clone().text());
    const addon = await res.json();
    openapi.check('POST', ADDONS, 201, addon);
    return addon;
  };
  const noSecretIn = (text: string) => {
    for (const secret of ['secret-key-123', 'hush', 'sign-me', 'X-Team']) assert.not.ok(text.includes(secret), `${secret} not in ${text}`);
  };

  test('GET lists the providers built here with their parameters and events', async () => {
    const res = await send(ADDONS, 'GET');
    assert.is(res.status, 200);
    const body = await res.json();
    openapi.check('GET', ADDONS, 200, body);
    assert.equal(body.addons, []);
    assert.equal(
      body.providers.map((p: { name: string }) => p.name),
      ['webhook', 'slack', 'teams'],
    );
    const webhook = body.providers[0];
    assert.equal(
      webhook.parameters.filter((p: { sensitive: boolean }) => p.sensitive).map((p: { name: string }) => p.name),
      ['url', 'authorization', 'customHeaders', 'signingSecret'],
    );
    assert.ok(webhook.events.includes('feature-environment-enabled'));
    const slack = body.providers[1];
    assert.equal(
      slack.parameters.filter((p: { required: boolean }) => p.required).map((p: { name: string }) => p.name),
      ['url', 'defaultChannel'],
    );
  });

  test('create, read, update (masked secrets kept), delete; secrets never answered nor in events', async () => {
    const created = await create();
    assert.is(created.id, 1);
    assert.is(created.parameters.url, '*****');
    assert.is(created.parameters.authorization, '*****');
    assert.is(created.parameters.signingSecret, '*****');
    assert.is(created.parameters.contentType, 'application/json');
    assert.is(created.parameters.bodyTemplate, WEBHOOK.parameters.bodyTemplate);
    const stored = (await w.admin.context.read((tx) => tx.get('addons', '1')))!;
    assert.not.ok(JSON.stringify(stored).includes('secret-key-123'), 'stored sealed');
    assert.is((await w.admin.context.secrets.open(stored)).parameters['url'], SECRET_URL, 'kept to be sent later');

    const one = await send(`${ADDONS}/1`, 'GET');
    assert.is(one.status, 200);
    const oneText = await one.text();
    openapi.check('GET', `${ADDONS}/{id}`, 200, JSON.parse(oneText));
    noSecretIn(oneText);
    noSecretIn(await (await send(ADDONS, 'GET')).text());

    const updated = await send(`${ADDONS}/1`, 'PUT', {
      ...created,
      description: 'changed',
      parameters: { ...created.parameters, contentType: 'text/plain' },
    });
    assert.is(updated.status, 200, await updated.clone().text());
    openapi.check('PUT', `${ADDONS}/{id}`, 200, await updated.clone().json());
    const after = (await w.admin.context.read((tx) => tx.get('addons', '1')))!;
    assert.is(after.parameters['url'], stored.parameters['url'], '***** keeps the stored (sealed) secret');
    assert.is((await w.admin.context.secrets.open(after)).parameters['url'], SECRET_URL);
    assert.is(after.parameters['contentType'], 'text/plain');
    assert.is(after.description, 'changed');

    assert.is((await send(`${ADDONS}/1`, 'DELETE')).status, 200);
    assert.is((await send(`${ADDONS}/1`, 'DELETE')).status, 200, 'an unknown id is no change');
    await expectError(await send(`${ADDONS}/1`, 'GET'), 404, 'NotFoundError');

    const events = (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events.filter((e) => e.type.startsWith('addon-config-'));
    assert.equal(
      events.map((e) => e.type),
      ['addon-config-deleted', 'addon-config-updated', 'addon-config-created'],
    );
    noSecretIn(JSON.stringify(events));
    noSecretIn(w.logged.map((l) => JSON.stringify(l)).join('\n'));
  });

  test('bad input: Unleash statuses, nothing changed', async () => {
    await create();
    await refused(ADDONS, 'POST', { ...WEBHOOK, provider: 'pagerduty' }, 400, 'BadDataError', /Unknown addon provider pagerduty/);
    await refused(ADDONS, 'POST', { ...WEBHOOK, parameters: {} }, 400, 'BadDataError', /Missing required parameters: url/);
    await refused(ADDONS, 'POST', { provider: 'slack', parameters: { url: SECRET_URL } }, 400, 'BadDataError', /defaultChannel/);
    await refused(ADDONS, 'POST', { ...WEBHOOK, parameters: { url: 'ftp://x' } }, 400, 'BadDataError', /http/);
    await refused(
      ADDONS,
      'POST',
      { ...WEBHOOK, parameters: { url: SECRET_URL, customHeaders: '["x"]' } },
      400,
      'BadDataError',
      /customHeaders/,
    );
    await refused(
      ADDONS,
      'POST',
      { ...WEBHOOK, parameters: { url: SECRET_URL, customHeaders: '{"a b":"x"}' } },
      400,
      'BadDataError',
      /customHeaders/,
    );
    await refused(ADDONS, 'POST', { ...WEBHOOK, parameters: { url: { nested: 1 } } }, 400, 'BadDataError');
    await refused(ADDONS, 'POST', { ...WEBHOOK, unknown: 1 }, 400, 'BadDataError');
    await refused(ADDONS, 'POST', { ...WEBHOOK, events: Array.from({ length: 101 }, (_, i) => `e${i}`) }, 400, 'BadDataError');
    await refused(`${ADDONS}/99`, 'PUT', WEBHOOK, 404, 'NotFoundError');
    await refused(`${ADDONS}/abc`, 'PUT', WEBHOOK, 404, 'NotFoundError');
    await refused(`${ADDONS}/1`, 'PUT', { ...WEBHOOK, parameters: {} }, 400, 'BadDataError', /Missing required/);
    await refused(`${ADDONS}/abc/events`, 'GET', undefined, 400, 'BadDataError', /Invalid integration configuration id/);
    await refused(`${ADDONS}/99/events`, 'GET', undefined, 404, 'NotFoundError');
    const proto = await w.send(
      ADDONS,
      json(w.adminKey, 'POST', '{"provider":"webhook","parameters":{"url":"http://127.0.0.1/x","__proto__":"y"}}'),
    );
    assert.is(proto.status, 201, await proto.clone().text());
    assert.is(Object.getOwnPropertyDescriptor((await proto.json()).parameters, '__proto__')?.value, 'y');
  });

  test('permissions: writes and delivery outcomes need an admin; reads any admin key', async () => {
    await create();
    for (const key of [w.editorKey, w.viewerKey]) {
      await refused(ADDONS, 'POST', WEBHOOK, 403, 'NoAccessError', undefined, key);
      await refused(`${ADDONS}/1`, 'PUT', WEBHOOK, 403, 'NoAccessError', undefined, key);
      await refused(`${ADDONS}/1`, 'DELETE', undefined, 403, 'NoAccessError', undefined, key);
      await refused(`${ADDONS}/1/events`, 'GET', undefined, 403, 'NoAccessError', undefined, key);
      await refused(`${ADDONS}/1/test`, 'POST', undefined, 403, 'NoAccessError', undefined, key);
      assert.is((await send(ADDONS, 'GET', undefined, key)).status, 200);
    }
    await refused(ADDONS, 'GET', undefined, 403, 'NoAccessError', undefined, w.clientKey);
  });

  test('POST test: 202 and an addon-test-requested event naming the integration, without its parameters; 404 unknown', async () => {
    const addon = await create();
    const before = await w.eventCount();
    const res = await send(`${ADDONS}/${addon.id}/test`, 'POST');
    assert.is(res.status, 202, await res.clone().text());
    assert.is(await w.eventCount(), before + 1);
    const [text] = await w.admin.context.read((tx) => tx.events({ limit: 1 }));
    const event = JSON.parse(text!);
    assert.is(event.type, 'addon-test-requested');
    assert.is(event.data.id, addon.id);
    assert.is(event.data.parameters, undefined);
    noSecretIn(text!);
    await refused(`${ADDONS}/99/test`, 'POST', undefined, 404, 'NotFoundError');
    await refused(`${ADDONS}/x/test`, 'POST', undefined, 404, 'NotFoundError');
  });

  test('GET events: the recorded delivery outcomes, newest first, paged', async () => {
    await create();
    const res = await send(`${ADDONS}/1/events?limit=0`, 'GET');
    assert.is(res.status, 200);
    const body = await res.json();
    openapi.check('GET', `${ADDONS}/{id}/events`, 200, body);
    assert.equal(body, { integrationEvents: [] });
  });

  test.run();
}

for (const setup of SETUPS) addonsSuite(setup);
