import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Unleash } from 'unleash-client';
import { Unleash as UnleashV3 } from 'unleash-client-v3';
import { randomSecret, startBin, type Child } from './helpers/bin';
import { BIN_STORAGES, type BinStorage } from './helpers/bin-storages';

const ADMIN = randomSecret();
const CLIENT = randomSecret('*', 'development');
const SDKS = [
  { name: 'current', Ctor: Unleash, appName: 'checkout-current' },
  { name: '3.x', Ctor: UnleashV3, appName: 'checkout-legacy' },
] as const;

interface SdkClient {
  isEnabled(name: string): boolean;
  on(event: string, fn: (...args: unknown[]) => void): void;
  once(event: string, fn: (...args: unknown[]) => void): void;
  destroy(): void;
}

/**
 * Two real Unleash Node SDKs (the current major and 3.x under an npm alias) against the spawned
 * flagadmin bin, on lowdb and on PostgreSQL: they register, fetch, evaluate, follow PATCHes and send
 * metrics that feed the outdated-SDK report.
 */
function sdkSuite(storage: BinStorage): void {
  const test = suite(`real Unleash SDKs against the flagadmin bin (${storage.name})`);
  let bin: { child: Child; url: string };
  let store: Awaited<ReturnType<BinStorage['open']>> | undefined;
  const clients: SdkClient[] = [];

  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${bin.url}${path}`, {
      ...init,
      headers: { authorization: ADMIN, 'content-type': 'application/json', ...init.headers },
    });
    return { status: response.status, body: response.status === 204 ? null : await response.json() };
  };
  const setEnabled = (feature: string, enabled: boolean) =>
    api(`/api/admin/projects/shop/features/${feature}`, {
      method: 'PATCH',
      body: JSON.stringify([{ op: 'replace', path: '/environments/0/enabled', value: enabled }]),
    });

  function start(sdk: (typeof SDKS)[number]): Promise<SdkClient> {
    const client = new (sdk.Ctor as unknown as new (options: object) => SdkClient)({
      url: `${bin.url}/api/`,
      appName: sdk.appName,
      instanceId: `${sdk.appName}-1`,
      environment: 'development',
      customHeaders: { Authorization: CLIENT },
      refreshInterval: 150,
      metricsInterval: 200,
    });
    clients.push(client);
    client.on('error', (e) => console.error(`${sdk.name} SDK error:`, e));
    return new Promise((resolve) => client.once('synchronized', () => resolve(client)));
  }

  /** Waits (bounded) until `check` holds: SDKs see changes on their next refresh. */
  async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.unreachable(`timed out waiting until ${what}`);
  }

  test.before(async () => {
    store = await storage.open();
    bin = await startBin(['--port', '0', ...store.args, '--no-demo'], { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT });
    assert.is((await api('/api/admin/projects', { method: 'POST', body: JSON.stringify({ id: 'shop', name: 'Shop' }) })).status, 201);
    for (const name of ['new-checkout', 'dark-mode', 'archived-one']) {
      assert.is((await api('/api/admin/projects/shop/features', { method: 'POST', body: JSON.stringify({ name }) })).status, 201);
    }
    await setEnabled('dark-mode', true);
    await setEnabled('archived-one', true);
    await api('/api/admin/projects/shop/features/archived-one', {
      method: 'PATCH',
      body: JSON.stringify([{ op: 'replace', path: '/archived', value: true }]),
    });
  });

  test.after(async () => {
    for (const c of clients) c.destroy();
    await bin?.child.stop();
    await store?.cleanup();
  });

  test('both SDKs start, fetch and evaluate: enabled with no strategies is on, disabled and archived are off', async () => {
    for (const sdk of SDKS) {
      const client = await start(sdk);
      assert.is(client.isEnabled('dark-mode'), true, `${sdk.name}: enabled environment, no strategies`);
      assert.is(client.isEnabled('new-checkout'), false, `${sdk.name}: disabled`);
      assert.is(client.isEnabled('archived-one'), false, `${sdk.name}: archived features are not served`);
      assert.is(client.isEnabled('does-not-exist'), false);
    }
  });

  test('a PATCH that enables or disables a feature is seen by both SDKs after their next refresh', async () => {
    assert.is((await setEnabled('new-checkout', true)).status, 200);
    await eventually(() => clients.every((c) => c.isEnabled('new-checkout')), 'both SDKs see new-checkout on');
    assert.is((await setEnabled('new-checkout', false)).status, 200);
    await eventually(() => clients.every((c) => !c.isEnabled('new-checkout')), 'both SDKs see new-checkout off');
  });

  test('the SDKs registered and sent metrics: the old SDK is outdated, the current one is not', async () => {
    await eventually(async () => (await api('/api/admin/projects/shop/sdks/outdated')).body.sdks.length > 0, 'metrics arrived');
    const { status, body } = await api('/api/admin/projects/shop/sdks/outdated');
    assert.is(status, 200);
    assert.is(body.sdks.length, 1, JSON.stringify(body));
    assert.match(body.sdks[0].sdkVersion, /^unleash-client-node:3\./);
    assert.equal(body.sdks[0].applications, ['checkout-legacy']);
  });

  test('an app that only registered (no metrics for the project) is not listed', async () => {
    const response = await fetch(`${bin.url}/api/client/register`, {
      method: 'POST',
      headers: { authorization: CLIENT, 'content-type': 'application/json' },
      body: JSON.stringify({
        appName: 'register-only',
        instanceId: 'r1',
        sdkVersion: 'unleash-client-node:2.0.0',
        strategies: ['default'],
        started: new Date().toISOString(),
        interval: 10000,
      }),
    });
    assert.is(response.status, 202);
    const { body } = await api('/api/admin/projects/shop/sdks/outdated');
    assert.not.ok(JSON.stringify(body).includes('register-only'));
  });

  test('an admin key is refused on the client API (403)', async () => {
    const response = await fetch(`${bin.url}/api/client/features`, { headers: { authorization: ADMIN } });
    assert.is(response.status, 403);
    assert.is((await response.json()).name, 'NoAccessError');
  });

  test.run();
}

for (const storage of BIN_STORAGES) sdkSuite(storage);
