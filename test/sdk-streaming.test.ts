import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Unleash } from 'unleash-client';
import { randomSecret, startBin, type Child } from './helpers/bin';
import { BIN_LOWDB, BIN_POSTGRES, type BinStorage } from './helpers/bin-storages';

const ADMIN = randomSecret();
const CLIENT = randomSecret('*', 'development');

interface FeatureDefinition {
  name: string;
  enabled: boolean;
  description?: string;
  strategies?: { name: string; parameters?: Record<string, string> }[];
}

type Mode = { type: 'streaming' } | { type: 'polling'; format: 'delta' };

/**
 * The real unleash-client (6.12) in streaming mode (SSE at /api/client/streaming) and in delta polling
 * mode (/api/client/delta) sees every change made through the admin API: on/off, a PATCH of the
 * feature, a strategy edit, a segment edit, an archive (a removal) and a new feature. On lowdb one bin;
 * on PostgreSQL two bins on one database, the changes made through the first and read through the
 * second (LISTEN/NOTIFY carries them). Every wait is for an SDK event; nothing sleeps.
 */
function streamingSuite(storage: BinStorage, processes: number): void {
  const test = suite(`unleash-client streaming and delta see every change (${storage.name}, ${processes} process(es))`);
  const bins: { child: Child; url: string }[] = [];
  let store: Awaited<ReturnType<BinStorage['open']>> | undefined;
  const clients: Unleash[] = [];
  let segmentId = 0;

  const writer = () => bins[0]!;
  const reader = () => bins[bins.length - 1]!;

  async function api(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${writer().url}/api/admin${path}`, {
      method,
      headers: { authorization: ADMIN, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }
  const env = (name: string) => `/projects/shop/features/${name}/environments/development`;

  /** A started SDK, synchronized with the server. */
  async function start(mode: Mode): Promise<Unleash> {
    const client = new Unleash({
      url: `${reader().url}/api/`,
      appName: `streaming-${mode.type}`,
      environment: 'development',
      customHeaders: { Authorization: CLIENT },
      refreshInterval: mode.type === 'polling' ? 50 : 60_000,
      disableMetrics: true,
      experimentalMode: mode,
    } as ConstructorParameters<typeof Unleash>[0]);
    client.on('error', (e) => console.error(`${mode.type} SDK error:`, e));
    clients.push(client);
    await new Promise((resolve) => client.once('synchronized', resolve));
    return client;
  }

  /** Resolves once `check` holds on the SDK's state: now, or after one of its `changed` events. */
  function until(client: Unleash, check: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const look = () => {
        if (!check()) return;
        client.off('changed', look);
        resolve();
      };
      client.on('changed', look);
      look();
    });
  }

  const definition = (client: Unleash, name: string) => client.getFeatureToggleDefinition(name) as FeatureDefinition | undefined;

  test.before(async () => {
    store = await storage.open();
    const env = { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT };
    for (let i = 0; i < processes; i++) bins.push(await startBin(['--port', '0', ...store.args, '--no-demo'], env));
    await api('POST', '/projects', { id: 'shop', name: 'Shop' });
    const segment = (await api('POST', '/segments', {
      name: 'testers',
      project: 'shop',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['alice'] }],
    })) as { id: number };
    segmentId = segment.id;
  });

  test.after(async () => {
    for (const client of clients) client.destroy();
    for (const bin of bins) await bin.child.stop();
    await store?.cleanup();
  });

  for (const mode of [{ type: 'streaming' }, { type: 'polling', format: 'delta' }] as const) {
    test(`${mode.type === 'streaming' ? 'streaming' : 'delta polling'}: every kind of change arrives`, async () => {
      const name = `f-${mode.type}`;
      await api('POST', '/projects/shop/features', { name });
      const client = await start(mode);
      assert.is(definition(client, name)?.enabled, false, 'the hydration has the feature, off');

      await api('POST', `${env(name)}/on`);
      await until(client, () => client.isEnabled(name));

      await api('PATCH', `/projects/shop/features/${name}`, [{ op: 'replace', path: '/description', value: 'patched' }]);
      await until(client, () => definition(client, name)?.description === 'patched');

      const strategies = (await api('GET', `${env(name)}/strategies`)) as { id: string }[];
      await api('PUT', `${env(name)}/strategies/${strategies[0]!.id}`, {
        name: 'flexibleRollout',
        parameters: { rollout: '0', stickiness: 'default', groupId: name },
        segments: [segmentId],
      });
      await until(client, () => definition(client, name)?.strategies?.[0]?.parameters?.rollout === '0');
      await api('PUT', `${env(name)}/strategies/${strategies[0]!.id}`, {
        name: 'default',
        segments: [segmentId],
      });
      await until(client, () => client.isEnabled(name, { userId: 'alice' }) && !client.isEnabled(name, { userId: 'bob' }));

      await api('PUT', `/segments/${segmentId}`, {
        name: 'testers',
        project: 'shop',
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['bob'] }],
      });
      await until(client, () => client.isEnabled(name, { userId: 'bob' }) && !client.isEnabled(name, { userId: 'alice' }));

      await api('POST', '/projects/shop/features', { name: `${name}-new` });
      await until(client, () => definition(client, `${name}-new`) !== undefined);

      await api('PATCH', `/projects/shop/features/${name}`, [{ op: 'replace', path: '/archived', value: true }]);
      await until(client, () => definition(client, name) === undefined);
      assert.ok(definition(client, `${name}-new`), 'the rest stays');
      await api('PUT', `/segments/${segmentId}`, {
        name: 'testers',
        project: 'shop',
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['alice'] }],
      });
    });
  }

  test.run();
}

streamingSuite(BIN_LOWDB, 1);
streamingSuite(BIN_POSTGRES, 2);
