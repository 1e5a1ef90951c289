// The frontend API (/api/frontend) and OFREP (/ofrep/v1/...) over HTTP, read by their real clients:
// unleash-proxy-client 3.8 and @openfeature/unleash-web-provider for the frontend API,
// @openfeature/ofrep-web-provider with @openfeature/web-sdk for OFREP; CORS with the origins set
// through Unleash's setCors. On every storage; each refusal is a JSON error (OFREP: its error shape)
// and changes nothing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { OpenFeature } from '@openfeature/web-sdk';
import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
import { UnleashWebProvider } from '@openfeature/unleash-web-provider';
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { expectError, httpWorld, IN_PROCESS, json, OVER_SOCKET, type HttpWorld, type Transport } from './helpers/http-world';
import { LOWDB, MEMORY, POSTGRES, type TestStorage } from './helpers/test-storages';

const BASE = 'http://flagadmin.test';
const ENV = (flag: string) => `/api/admin/projects/default/features/${flag}/environments/development`;

/** Flags: `on-for-u1` (userId IN u1), `colors` (on, variants blue/green with payloads), `off` (off), `billing-only` in project billing. */
async function seed(w: HttpWorld): Promise<{ frontendKey: string; billingKey: string; productionKey: string }> {
  const post = async (path: string, body: unknown) => {
    const res = await w.send(path, json(w.adminKey, 'POST', body));
    assert.ok(res.status < 300, `${path}: ${res.status} ${await res.text()}`);
  };
  await post('/api/admin/projects', { id: 'billing', name: 'Billing' });
  for (const name of ['on-for-u1', 'colors', 'off']) await post('/api/admin/projects/default/features', { name });
  await post('/api/admin/projects/billing/features', { name: 'billing-only' });
  await post(`${ENV('on-for-u1')}/strategies`, {
    name: 'default',
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }],
  });
  await post(`${ENV('colors')}/strategies`, { name: 'default' });
  const res = await w.send(
    `${ENV('colors')}/variants`,
    json(w.adminKey, 'PUT', [
      { name: 'blue', weight: 500, weightType: 'variable', stickiness: 'default', payload: { type: 'json', value: '{"shade":1}' } },
      { name: 'green', weight: 500, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'g' } },
    ]),
  );
  assert.is(res.status, 200, await res.text());
  await post(`${ENV('off')}/strategies`, { name: 'default' });
  for (const name of ['on-for-u1', 'colors']) await post(`${ENV(name)}/on`, {});
  await post('/api/admin/projects/billing/features/billing-only/environments/development/strategies', { name: 'default' });
  await post('/api/admin/projects/billing/features/billing-only/environments/development/on', {});
  const key = async (body: Record<string, unknown>) => (await w.admin.createApiKey(SYSTEM_PRINCIPAL, { body })).secret;
  return {
    frontendKey: await key({ tokenName: 'web', type: 'frontend', environment: 'development', projects: ['default'] }),
    billingKey: await key({ tokenName: 'billing-web', type: 'frontend', environment: 'development', projects: ['billing'] }),
    productionKey: await key({ tokenName: 'prod-web', type: 'frontend', environment: 'production', projects: ['default'] }),
  };
}

interface Toggle {
  name: string;
  enabled: boolean;
  variant: { name: string; enabled: boolean; payload?: { type: string; value: string }; feature_enabled: boolean };
}

function frontendSuite(transport: Transport, storage: TestStorage): void {
  const test = suite(`frontend API and OFREP over HTTP (${transport.name}, ${storage.name})`);
  let w: HttpWorld;
  let keys: Awaited<ReturnType<typeof seed>>;
  const state = async () => ({
    events: await w.eventCount(),
    settings: await w.admin.context.read((tx) => tx.list('settings')),
  });
  const frontend = async (query: string, key = keys.frontendKey, headers: Record<string, string> = {}) =>
    w.send(`/api/frontend${query}`, { headers: { authorization: key, ...headers } });
  const names = async (res: Response) => ((await res.json()) as { toggles: Toggle[] }).toggles.map((t) => t.name);
  const ofrep = (path: string, body: unknown, key = keys.frontendKey, headers: Record<string, string> = {}) =>
    w.send(`/ofrep/v1/evaluate/flags${path}`, json(key, 'POST', body, headers));

  test.before(async () => {
    w = await httpWorld(transport, { storageKind: storage });
    keys = await seed(w);
  });
  test.after(async () => {
    await w?.close();
  });

  test('GET /api/frontend: only the flags on for the context in the query, Unleash shapes, ETag and 304, Cache-Control no-cache', async () => {
    const res = await frontend('?userId=u1&appName=web&properties%5Bplan%5D=pro');
    assert.is(res.status, 200);
    assert.is(res.headers.get('cache-control'), 'no-cache');
    const etag = res.headers.get('etag')!;
    assert.match(etag, /^W\/"[0-9a-f]{32}"$/);
    const { toggles } = (await res.json()) as { toggles: Toggle[] };
    assert.equal(
      toggles.map((t) => t.name),
      ['colors', 'on-for-u1'],
    );
    const colors = toggles.find((t) => t.name === 'colors')!;
    assert.ok(['blue', 'green'].includes(colors.variant.name));
    assert.equal([colors.enabled, colors.variant.enabled, colors.variant.feature_enabled], [true, true, true]);
    assert.equal(toggles.find((t) => t.name === 'on-for-u1')!.variant, {
      name: 'disabled',
      enabled: false,
      feature_enabled: true,
      featureEnabled: true,
    });
    const again = await frontend('?userId=u1&appName=web&properties%5Bplan%5D=pro', keys.frontendKey, { 'if-none-match': etag });
    assert.equal([again.status, await again.text(), again.headers.get('etag')], [304, '', etag]);
    assert.equal(await names(await frontend('?userId=u2')), ['colors']);
  });

  test('POST /api/frontend {context}: the same evaluation; other fields of the context are properties', async () => {
    const res = await w.send('/api/frontend', json(keys.frontendKey, 'POST', { context: { userId: 'u1', plan: 'pro' } }));
    assert.is(res.status, 200);
    assert.equal(await names(res), ['colors', 'on-for-u1']);
    const none = await w.send('/api/frontend', json(keys.frontendKey, 'POST', {}));
    assert.equal(await names(none), ['colors']);
  });

  test('a frontend key sees its projects and environment only; admin keys may read; client keys may not', async () => {
    assert.equal(await names(await frontend('?userId=u1', keys.billingKey)), ['billing-only']);
    assert.equal(await names(await frontend('?userId=u1', keys.productionKey)), []);
    assert.equal(await names(await frontend('?userId=u1', w.adminKey)), ['billing-only', 'colors', 'on-for-u1']);
    await expectError(await frontend('', w.clientKey), 403, 'NoAccessError');
    await expectError(await w.send('/api/frontend'), 401, 'AuthenticationRequired');
  });

  test('a malformed context is a 400 naming the field, an oversized property map a 400 naming contextProperties; nothing changes', async () => {
    const before = await state();
    await expectError(await frontend('?userId=a&userId=b'), 400, 'BadDataError', /\/userId is given more than once/);
    await expectError(await frontend('?properties=x'), 400, 'BadDataError', /properties\[<name>\]/);
    await expectError(await frontend('?properties%5Ba%5D%5Bb%5D=x'), 400, 'BadDataError');
    await expectError(await frontend('?currentTime=yesterday'), 400, 'BadDataError', /currentTime/);
    const many = Array.from({ length: 101 }, (_, i) => `properties%5Bp${i}%5D=v`).join('&');
    await expectError(await frontend(`?${many}`), 400, 'BadDataError', /limit contextProperties/);
    for (const body of [{ context: { userId: 5 } }, { context: { properties: { plan: ['x'] } } }, { context: 'u1' }, []]) {
      await expectError(await w.send('/api/frontend', json(keys.frontendKey, 'POST', body)), 400, 'BadDataError');
    }
    await expectError(await w.send('/api/frontend', json(keys.frontendKey, 'POST', '{"context":')), 400, 'BadDataError');
    assert.equal(await state(), before);
  });

  test('unleash-proxy-client 3.8 reads the frontend API: isEnabled, getVariant with its payload, updateContext, 304s, metrics', async () => {
    const sent: unknown[] = [];
    const client = new UnleashClient({
      url: `${BASE}/api/frontend`,
      clientKey: keys.frontendKey,
      appName: 'web',
      context: { userId: 'u1' },
      storageProvider: new InMemoryStorageProvider(),
      refreshInterval: 0,
      metricsInterval: 0,
      fetch: (input: string, init: RequestInit) => w.send(input.slice(BASE.length), init),
    });
    client.on('sent', (payload: unknown) => sent.push(payload));
    await client.start();
    assert.ok(client.isEnabled('on-for-u1'));
    assert.not.ok(client.isEnabled('off'));
    const variant = client.getVariant('colors');
    assert.ok(variant.name === 'blue' ? variant.payload?.value === '{"shade":1}' : variant.payload?.value === 'g');
    await client.updateContext({ userId: 'u2' });
    assert.not.ok(client.isEnabled('on-for-u1'));
    await client.updateContext({ userId: 'u1' });
    assert.ok(client.isEnabled('on-for-u1'));
    await client.sendMetrics();
    client.stop();
    assert.is(sent.length, 1, 'the metrics were accepted');
  });

  test('@openfeature/unleash-web-provider with @openfeature/web-sdk reads the frontend API', async () => {
    const provider = new UnleashWebProvider({
      url: `${BASE}/api/frontend`,
      clientKey: keys.frontendKey,
      appName: 'web',
      refreshInterval: 0,
      disableMetrics: true,
      storageProvider: new InMemoryStorageProvider(),
      fetch: (input: string, init: RequestInit) => w.send(input.slice(BASE.length), init),
    } as ConstructorParameters<typeof UnleashWebProvider>[0]);
    await OpenFeature.setProviderAndWait('unleash', provider);
    const client = OpenFeature.getClient('unleash');
    assert.not.ok(client.getBooleanValue('on-for-u1', false));
    await OpenFeature.setContext({ userId: 'u1', plan: 'pro' }); // the provider reads the context when it changes
    assert.ok(client.getBooleanValue('on-for-u1', false));
    assert.not.ok(client.getBooleanValue('off', false));
    await OpenFeature.clearProviders();
  });

  test('OFREP: one flag (boolean and variant flags, reasons, metadata), 404 FLAG_NOT_FOUND, OFREP error shapes for bad input', async () => {
    const before = await state();
    let res = await ofrep('/on-for-u1', { context: { targetingKey: 'u1' } });
    assert.equal(await res.json(), {
      key: 'on-for-u1',
      reason: 'TARGETING_MATCH',
      variant: 'on',
      value: true,
      metadata: { enabled: true, impressionData: false, project: 'default' },
    });
    res = await ofrep('/on-for-u1', { context: { targetingKey: 'u2' } });
    assert.equal(await res.json(), {
      key: 'on-for-u1',
      reason: 'DEFAULT',
      variant: 'off',
      value: false,
      metadata: { enabled: false, impressionData: false, project: 'default' },
    });
    res = await ofrep('/off', {});
    assert.equal(((await res.json()) as { reason: string }).reason, 'DISABLED');
    const colors = (await (await ofrep('/colors', { context: { targetingKey: 'u9' } })).json()) as Record<string, unknown>;
    assert.is(colors['reason'], 'SPLIT');
    assert.ok(colors['variant'] === 'blue' ? (colors['value'] as { shade: number }).shade === 1 : colors['value'] === 'g');
    res = await ofrep('/billing-only', { context: {} });
    assert.equal(
      [res.status, await res.json()],
      [404, { key: 'billing-only', errorCode: 'FLAG_NOT_FOUND', errorDetails: 'No flag named "billing-only" for this key.' }],
    );
    res = await ofrep('/colors', { context: { nested: { a: 1 } } });
    assert.equal([res.status, ((await res.json()) as { errorCode: string }).errorCode], [400, 'INVALID_CONTEXT']);
    res = await w.send('/ofrep/v1/evaluate/flags/colors', json(keys.frontendKey, 'POST', '{"context":'));
    assert.equal([res.status, ((await res.json()) as { errorCode: string; key: string }).errorCode], [400, 'PARSE_ERROR']);
    res = await ofrep('', { context: 'x' });
    const bulkFailure = (await res.json()) as Record<string, unknown>;
    assert.equal([res.status, bulkFailure['errorCode'], 'key' in bulkFailure], [400, 'INVALID_CONTEXT', false]);
    await expectError(await ofrep('/colors', {}, ''), 401, 'AuthenticationRequired');
    assert.equal(await state(), before);
  });

  test('OFREP bulk: every flag of the key, ETag and 304; a client key reads OFREP too', async () => {
    const res = await ofrep('', { context: { targetingKey: 'u1' } });
    assert.is(res.status, 200);
    const etag = res.headers.get('etag')!;
    const { flags } = (await res.json()) as { flags: { key: string; value?: unknown }[] };
    assert.equal(
      flags.map((f) => [f.key, f.value !== undefined]),
      [
        ['colors', true],
        ['off', true],
        ['on-for-u1', true],
      ],
    );
    const again = await ofrep('', { context: { targetingKey: 'u1' } }, keys.frontendKey, { 'if-none-match': etag });
    assert.equal([again.status, await again.text()], [304, '']);
    const asClient = await ofrep('/on-for-u1', { context: { targetingKey: 'u1' } }, w.clientKey);
    assert.is(((await asClient.json()) as { value: boolean }).value, true);
  });

  test('@openfeature/ofrep-web-provider with @openfeature/web-sdk reads OFREP', async () => {
    const provider = new OFREPWebProvider({
      baseUrl: BASE,
      headers: [['Authorization', keys.frontendKey]],
      pollInterval: 0,
      cacheMode: 'disabled',
      changeDetection: 'none',
      fetchImplementation: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(String(input), init);
        return w.send(new URL(request.url).pathname, { method: request.method, headers: request.headers, body: await request.text() });
      },
    });
    await OpenFeature.setContext({ targetingKey: 'u1' });
    await OpenFeature.setProviderAndWait('ofrep', provider);
    const client = OpenFeature.getClient('ofrep');
    assert.ok(client.getBooleanValue('on-for-u1', false));
    assert.not.ok(client.getBooleanValue('off', true));
    const details = client.getBooleanDetails('on-for-u1', false);
    assert.equal([details.reason, details.variant], ['TARGETING_MATCH', 'on']);
    assert.is(client.getBooleanDetails('colors', false).errorCode, 'TYPE_MISMATCH');
    assert.ok(['g', '[object Object]'].includes(String(client.getStringValue('colors', 'none'))) || client.getObjectValue('colors', {}));
    await OpenFeature.clearProviders();
  });

  test('CORS: every origin by default; setCors (ADMIN) narrows it; refused origins get no CORS header; preflight 204', async () => {
    const origin = { origin: 'https://app.example.com' };
    let res = await frontend('', keys.frontendKey, origin);
    assert.equal([res.headers.get('access-control-allow-origin'), res.headers.get('access-control-expose-headers')], ['*', 'ETag']);
    const before = await state();
    await expectError(
      await w.send('/api/admin/ui-config/cors', json(w.adminKey, 'POST', { frontendApiOrigins: ['https://*.example.com'] })),
      400,
      'BadDataError',
      /Invalid origin/,
    );
    await expectError(await w.send('/api/admin/ui-config/cors', json(w.adminKey, 'POST', {})), 404, 'NotFoundError');
    await expectError(
      await w.send('/api/admin/ui-config/cors', json(w.editorKey, 'POST', { frontendApiOrigins: ['https://app.example.com'] })),
      403,
      'NoAccessError',
    );
    assert.equal(await state(), before);
    res = await w.send('/api/admin/ui-config/cors', json(w.adminKey, 'POST', { frontendApiOrigins: ['https://app.example.com'] }));
    assert.equal([res.status, await res.text()], [204, '']);
    const config = (await (await w.send('/api/admin/ui-config', { headers: { authorization: w.viewerKey } })).json()) as {
      frontendApiOrigins: string[];
    };
    assert.equal(config.frontendApiOrigins, ['https://app.example.com']);
    res = await frontend('', keys.frontendKey, origin);
    assert.equal([res.headers.get('access-control-allow-origin'), res.headers.get('vary')], ['https://app.example.com', 'Origin']);
    res = await frontend('', keys.frontendKey, { origin: 'https://evil.example' });
    assert.equal([res.status, res.headers.get('access-control-allow-origin')], [200, null]);
    res = await w.send('/ofrep/v1/evaluate/flags', {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    assert.equal(
      [res.status, res.headers.get('access-control-allow-origin'), res.headers.get('access-control-allow-headers')],
      [204, 'https://app.example.com', 'authorization,content-type'],
    );
    res = await w.send('/api/frontend', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    assert.equal([res.status, res.headers.get('access-control-allow-origin')], [204, null]);
    const events = (await w.admin.listEvents(SYSTEM_PRINCIPAL)).events.filter((e) => e.type === 'setting-created');
    assert.equal(
      events.map((e) => e.data),
      [{ id: 'unleash.frontend', frontendApiOrigins: ['https://app.example.com'] }],
    );
    res = await w.send('/api/admin/ui-config/cors', json(w.adminKey, 'POST', { frontendApiOrigins: ['*'] }));
    assert.is(res.status, 204);
  });

  test('playground: each strategy and constraint explained, per environment; advanced: every comma combination; limits and bad input are 400s', async () => {
    const playground = async (body: unknown, key = w.viewerKey) => w.send('/api/admin/playground', json(key, 'POST', body));
    let res = await playground({ environment: 'development', projects: ['default'], context: { appName: 'web', userId: 'u2' } });
    assert.is(res.status, 200);
    const { features } = (await res.json()) as { features: Record<string, any>[] };
    const onForU1 = features.find((f) => f['name'] === 'on-for-u1')!;
    assert.equal([onForU1['isEnabled'], onForU1['isEnabledInCurrentEnvironment'], onForU1['strategies'].result], [false, true, false]);
    assert.equal(onForU1['strategies'].data[0].constraints[0].result, false);
    assert.equal(onForU1['strategies'].data[0].result, { evaluationStatus: 'complete', enabled: false });
    const off = features.find((f) => f['name'] === 'off')!;
    assert.equal([off['isEnabled'], off['isEnabledInCurrentEnvironment'], off['strategies'].result], [false, false, true]);
    assert.not.ok(
      features.some((f) => f['name'] === 'billing-only'),
      'only the asked projects',
    );
    res = await w.send(
      '/api/admin/playground/advanced',
      json(w.viewerKey, 'POST', {
        environments: ['development', 'production'],
        projects: '*',
        context: { appName: 'web', userId: 'u1,u2', flag: 5 },
      }),
    );
    const advanced = (await res.json()) as { features: Record<string, any>[]; warnings: unknown };
    assert.equal(advanced.warnings, { invalidContextProperties: ['flag'] });
    const entries = advanced.features.find((f) => f['name'] === 'on-for-u1')!['environments'];
    assert.equal(
      entries.development.map((e: { context: { userId: string }; isEnabled: boolean }) => [e.context.userId, e.isEnabled]),
      [
        ['u1', true],
        ['u2', false],
      ],
    );
    assert.equal(entries.production.length, 2);
    const before = await state();
    await expectError(
      await playground({ environment: 'nowhere', context: { appName: 'web' } }),
      400,
      'BadDataError',
      /unknown environment/,
    );
    await expectError(await playground({ environment: 'development', context: {} }), 400, 'BadDataError');
    await expectError(await playground({ environment: 'development', context: { appName: 'web' } }, w.clientKey), 403, 'NoAccessError');
    const wide = Array.from({ length: 200 }, (_, i) => `u${i}`).join(',');
    await expectError(
      await w.send(
        '/api/admin/playground/advanced',
        json(w.adminKey, 'POST', { environments: ['development'], context: { appName: 'web', userId: wide, sessionId: wide } }),
      ),
      400,
      'BadDataError',
      /limit playgroundEvaluations/,
    );
    assert.equal(await state(), before);
  });

  if (transport === OVER_SOCKET) {
    test("remoteAddress defaults to the caller's address (a remoteAddress strategy for 127.0.0.1 holds over the socket)", async () => {
      await w.send('/api/admin/projects/default/features', json(w.adminKey, 'POST', { name: 'local-only' }));
      await w.send(
        `${ENV('local-only')}/strategies`,
        json(w.adminKey, 'POST', { name: 'remoteAddress', parameters: { IPs: '127.0.0.1' } }),
      );
      await w.send(`${ENV('local-only')}/on`, json(w.adminKey, 'POST', {}));
      assert.ok((await names(await frontend(''))).includes('local-only'));
      assert.not.ok((await names(await frontend('?remoteAddress=10.0.0.1'))).includes('local-only'));
      assert.not.ok(
        (await names(await frontend('', keys.frontendKey, { 'x-forwarded-for': '10.0.0.2, 127.0.0.1' }))).includes('local-only'),
      );
    });
  }

  test.run();
}

for (const storage of [MEMORY, LOWDB, POSTGRES]) frontendSuite(OVER_SOCKET, storage);
frontendSuite(IN_PROCESS, MEMORY);
