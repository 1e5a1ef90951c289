import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Unleash } from 'unleash-client';
import { Unleash as UnleashV3 } from 'unleash-client-v3';
import { randomSecret, startBin, type Child } from './helpers/bin';
import { BIN_STORAGES, type BinStorage } from './helpers/bin-storages';

const ADMIN = randomSecret();
const CLIENT = randomSecret('*', 'development');
const USERS = Array.from({ length: 10_000 }, (_, i) => `user-${i}`);

interface Context {
  userId?: string;
  currentTime?: Date;
  properties?: Record<string, string>;
}
interface SdkClient {
  isEnabled(name: string, context?: Context): boolean;
  getVariant(name: string, context?: Context): { name: string; enabled: boolean; payload?: { type: string; value: string } };
  on(event: string, fn: (...args: unknown[]) => void): void;
  once(event: string, fn: (...args: unknown[]) => void): void;
  destroy(): void;
}

/**
 * Flag configuration set through the HTTP API of the spawned bin, then read through the real SDKs'
 * own evaluation: the current unleash-client and 3.x; the bin on lowdb, then on PostgreSQL. Everything
 * is configured before the SDKs start, so their first synchronisation already holds it (no waiting on
 * refreshes).
 */
function sdkFlagConfigSuite(storage: BinStorage): void {
  const test = suite(`flag configuration evaluated by real Unleash SDKs (${storage.name})`);
  let bin: { child: Child; url: string };
  let store: Awaited<ReturnType<BinStorage['open']>> | undefined;
  const sdks: { name: string; client: SdkClient }[] = [];

  async function api(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${bin.url}/api/admin${path}`, {
      method,
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  const feature = (name: string) => api('POST', '/projects/shop/features', { name });
  const env = (name: string) => `/projects/shop/features/${name}/environments/development`;
  const strategy = (name: string, body: unknown) => api('POST', `${env(name)}/strategies`, body);
  const on = (name: string) => api('POST', `${env(name)}/on`);

  /** One feature per constraint: its answer for each context of the table. */
  const CONSTRAINTS: { feature: string; constraint: Record<string, unknown> }[] = [
    { feature: 'c-in', constraint: { contextName: 'userId', operator: 'IN', values: ['alice', 'bob'] } },
    { feature: 'c-not-in', constraint: { contextName: 'userId', operator: 'NOT_IN', values: ['alice'] } },
    { feature: 'c-in-inverted', constraint: { contextName: 'userId', operator: 'IN', values: ['alice'], inverted: true } },
    {
      feature: 'c-contains-ci',
      constraint: { contextName: 'email', operator: 'STR_CONTAINS', values: ['@EXAMPLE.'], caseInsensitive: true },
    },
    { feature: 'c-contains', constraint: { contextName: 'email', operator: 'STR_CONTAINS', values: ['@EXAMPLE.'] } },
    { feature: 'c-starts', constraint: { contextName: 'email', operator: 'STR_STARTS_WITH', values: ['bob'] } },
    { feature: 'c-ends', constraint: { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['.org'] } },
    { feature: 'c-num-eq', constraint: { contextName: 'age', operator: 'NUM_EQ', value: '30' } },
    { feature: 'c-num-gt', constraint: { contextName: 'age', operator: 'NUM_GT', value: '18' } },
    { feature: 'c-num-gte', constraint: { contextName: 'age', operator: 'NUM_GTE', value: '30' } },
    { feature: 'c-num-lt', constraint: { contextName: 'age', operator: 'NUM_LT', value: '18' } },
    { feature: 'c-num-lte', constraint: { contextName: 'age', operator: 'NUM_LTE', value: '17' } },
    { feature: 'c-date-after', constraint: { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2030-01-01T00:00:00.000Z' } },
    { feature: 'c-date-before', constraint: { contextName: 'currentTime', operator: 'DATE_BEFORE', value: '2030-01-01T00:00:00.000Z' } },
    { feature: 'c-semver-eq', constraint: { contextName: 'appVersion', operator: 'SEMVER_EQ', value: '2.0.0' } },
    { feature: 'c-semver-gt', constraint: { contextName: 'appVersion', operator: 'SEMVER_GT', value: '1.10.0' } },
    { feature: 'c-semver-lt', constraint: { contextName: 'appVersion', operator: 'SEMVER_LT', value: '2.0.0-beta.2' } },
  ];
  const SEGMENT_FEATURE = 'c-segment';

  const alice: Context = {
    userId: 'alice',
    currentTime: new Date('2031-06-01T00:00:00Z'),
    properties: { email: 'alice@example.com', age: '30', appVersion: '2.0.0' },
  };
  const bob: Context = {
    userId: 'bob',
    currentTime: new Date('2029-06-01T00:00:00Z'),
    properties: { email: 'bob@Example.org', age: '17', appVersion: '2.0.0-beta.1' },
  };
  const carol: Context = {
    userId: 'carol',
    currentTime: new Date('2030-01-01T00:00:01Z'),
    properties: { email: 'carol@EXAMPLE.net', age: '18', appVersion: '1.10.0' },
  };

  /** feature -> [alice, bob, carol]: worked out by hand from Unleash's operator rules. */
  const TABLE: Record<string, [boolean, boolean, boolean]> = {
    'c-in': [true, true, false],
    'c-not-in': [false, true, true],
    'c-in-inverted': [false, true, true],
    'c-contains-ci': [true, true, true],
    'c-contains': [false, false, true],
    'c-starts': [false, true, false],
    'c-ends': [false, true, false],
    'c-num-eq': [true, false, false],
    'c-num-gt': [true, false, false],
    'c-num-gte': [true, false, false],
    'c-num-lt': [false, true, false],
    'c-num-lte': [false, true, false],
    'c-date-after': [true, false, true],
    'c-date-before': [false, true, false],
    'c-semver-eq': [true, false, false],
    'c-semver-gt': [true, true, false],
    'c-semver-lt': [false, true, true],
    // segment: userId IN [alice, carol] AND age NUM_GTE 18, with the strategy's own appVersion SEMVER_GT 1.10.0 (semver order, not text)
    [SEGMENT_FEATURE]: [true, false, false],
  };

  function start(name: string, Ctor: unknown): Promise<SdkClient> {
    const client = new (Ctor as new (options: object) => SdkClient)({
      url: `${bin.url}/api/`,
      appName: `flag-config-${name}`,
      instanceId: `flag-config-${name}-1`,
      environment: 'development',
      customHeaders: { Authorization: CLIENT },
      refreshInterval: 60_000,
      disableMetrics: true,
    });
    client.on('error', (e) => console.error(`${name} SDK error:`, e));
    sdks.push({ name, client });
    return new Promise((resolve) => client.once('synchronized', () => resolve(client)));
  }

  test.before(async () => {
    store = await storage.open();
    bin = await startBin(['--port', '0', ...store.args, '--no-demo'], { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT });
    await api('POST', '/projects', { id: 'shop', name: 'Shop' });
    // Constraints name known context fields: the built-ins, and these.
    for (const name of ['email', 'age', 'appVersion']) await api('POST', '/context', { name });

    await feature('rollout-30');
    await strategy('rollout-30', { name: 'flexibleRollout', parameters: { rollout: '30', stickiness: 'userId', groupId: 'rollout-30' } });
    await on('rollout-30');

    for (const { feature: name, constraint } of CONSTRAINTS) {
      await feature(name);
      await strategy(name, { name: 'default', constraints: [constraint] });
      await on(name);
    }
    const segment = (await api('POST', '/segments', {
      name: 'adult-testers',
      project: 'shop',
      constraints: [
        { contextName: 'userId', operator: 'IN', values: ['alice', 'carol'] },
        { contextName: 'age', operator: 'NUM_GTE', value: '18' },
      ],
    })) as { id: number };
    await feature(SEGMENT_FEATURE);
    await strategy(SEGMENT_FEATURE, {
      name: 'default',
      segments: [segment.id],
      constraints: [{ contextName: 'appVersion', operator: 'SEMVER_GT', value: '1.10.0' }],
    });
    await on(SEGMENT_FEATURE);

    await feature('colors');
    await api('PUT', `${env('colors')}/variants`, [
      { name: 'blue', stickiness: 'userId' },
      {
        name: 'red',
        weightType: 'fix',
        weight: 300,
        stickiness: 'userId',
        payload: { type: 'json', value: '{"color":"#f00","sizes":[1,2]}' },
      },
      { name: 'green', stickiness: 'userId', overrides: [{ contextName: 'userId', values: ['vip'] }] },
    ]);
    await on('colors');

    // Strategy variants win over the environment's variants in SDKs that know them.
    await feature('checkout-copy');
    await api('PUT', `${env('checkout-copy')}/variants`, [{ name: 'environment-variant', stickiness: 'userId' }]);
    await strategy('checkout-copy', {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'userId', groupId: 'checkout-copy' },
      variants: [
        { name: 'short', weightType: 'variable', weight: 0, stickiness: 'userId', payload: { type: 'string', value: 'Buy' } },
        { name: 'long', weightType: 'fix', weight: 250, stickiness: 'userId', payload: { type: 'string', value: 'Buy it now' } },
      ],
    });
    await on('checkout-copy');

    for (const name of ['parent-off', 'parent-on', 'child-of-off', 'child-of-on']) await feature(name);
    await on('parent-on');
    await on('child-of-off');
    await on('child-of-on');
    await api('POST', '/projects/shop/features/child-of-off/dependencies', { feature: 'parent-off' });
    await api('POST', '/projects/shop/features/child-of-on/dependencies', { feature: 'parent-on' });

    await start('current', Unleash);
    await start('3.x', UnleashV3);
  });

  test.after(async () => {
    for (const { client } of sdks) client.destroy();
    await bin?.child.stop();
    await store?.cleanup();
  });

  test('flexibleRollout 30 % by userId: 30 % ± 2 % of 10,000 users, the same users in both SDKs and on every call', async () => {
    const answers = sdks.map(({ client }) => USERS.map((userId) => client.isEnabled('rollout-30', { userId })));
    const share = answers[0]!.filter(Boolean).length / USERS.length;
    assert.ok(Math.abs(share - 0.3) <= 0.02, `share ${share}`);
    assert.equal(answers[1], answers[0], 'both SDKs enable the same users');
    assert.equal(
      USERS.map((userId) => sdks[0]!.client.isEnabled('rollout-30', { userId })),
      answers[0],
      'repeated calls agree',
    );
  });

  test('constraints of every operator, inverted, caseInsensitive and a segment: the SDKs answer the table', async () => {
    for (const { name, client } of sdks) {
      for (const [featureName, expected] of Object.entries(TABLE)) {
        const got = [alice, bob, carol].map((context) => client.isEnabled(featureName, context));
        assert.equal(got, expected, `${name} SDK, ${featureName}`);
      }
    }
  });

  test('variants: getVariant follows the weights within ± 2 % over 10,000 users, an override wins, the payload arrives intact', async () => {
    for (const { name, client } of sdks) {
      const counts = new Map<string, number>();
      for (const userId of USERS) {
        const variant = client.getVariant('colors', { userId });
        counts.set(variant.name, (counts.get(variant.name) ?? 0) + 1);
      }
      const share = (v: string) => (counts.get(v) ?? 0) / USERS.length;
      assert.ok(Math.abs(share('red') - 0.3) <= 0.02, `${name}: red ${share('red')}`);
      assert.ok(Math.abs(share('blue') - 0.35) <= 0.02, `${name}: blue ${share('blue')}`);
      assert.ok(Math.abs(share('green') - 0.35) <= 0.02, `${name}: green ${share('green')}`);
      assert.is(client.getVariant('colors', { userId: 'vip' }).name, 'green', `${name}: override`);
      const red = USERS.map((userId) => client.getVariant('colors', { userId })).find((v) => v.name === 'red')!;
      assert.equal(red.payload, { type: 'json', value: '{"color":"#f00","sizes":[1,2]}' }, `${name}: payload`);
    }
  });

  test("strategy variants: the current SDK follows the strategy's weights and payloads; 3.x only knows the environment variants", async () => {
    const [current, legacy] = sdks.map((s) => s.client);
    const counts = new Map<string, number>();
    for (const userId of USERS) {
      const variant = current!.getVariant('checkout-copy', { userId });
      counts.set(variant.name, (counts.get(variant.name) ?? 0) + 1);
    }
    assert.ok(Math.abs((counts.get('long') ?? 0) / USERS.length - 0.25) <= 0.02, `long ${counts.get('long')}`);
    assert.ok(Math.abs((counts.get('short') ?? 0) / USERS.length - 0.75) <= 0.02, `short ${counts.get('short')}`);
    assert.is(counts.get('environment-variant'), undefined);
    const long = USERS.map((userId) => current!.getVariant('checkout-copy', { userId })).find((v) => v.name === 'long')!;
    assert.equal(long.payload, { type: 'string', value: 'Buy it now' });
    assert.is(legacy!.getVariant('checkout-copy', { userId: 'user-1' }).name, 'environment-variant');
  });

  test('dependencies: the current SDK turns a child off while its parent is off; 3.x ignores dependencies', async () => {
    const [current, legacy] = sdks.map((s) => s.client);
    assert.is(current!.isEnabled('child-of-off'), false);
    assert.is(current!.isEnabled('child-of-on'), true);
    assert.is(legacy!.isEnabled('child-of-off'), true, '3.x evaluates the child on its own');
    assert.is(legacy!.isEnabled('child-of-on'), true);
  });

  test.run();
}

for (const storage of BIN_STORAGES) sdkFlagConfigSuite(storage);
