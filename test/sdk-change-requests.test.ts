import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Unleash } from 'unleash-client';
import { randomSecret, startBin, type Child } from './helpers/bin';
import { BIN_STORAGES, type BinStorage } from './helpers/bin-storages';

const ADMIN = randomSecret();
const REVIEWER_NAME = 'reviewer';
const CLIENT = randomSecret('*', 'development');
const HANG_GUARD_MS = 60_000;

/**
 * A change request seen through a real SDK (unleash-client) against the spawned bin: while the request
 * is drafted, reviewed and approved the SDK keeps getting the old configuration; once it is applied the
 * SDK's next fetch brings the new one. Waits are on the SDK's own events, never on time. The bin runs
 * on lowdb, then on PostgreSQL.
 */
function sdkChangeRequestSuite(storage: BinStorage): void {
  const test = suite(`change requests seen by a real Unleash SDK (${storage.name})`);
  let bin: { child: Child; url: string };
  let store: Awaited<ReturnType<BinStorage['open']>> | undefined;
  let sdk: Unleash | undefined;

  async function api(method: string, path: string, body?: unknown, key = ADMIN): Promise<any> {
    const response = await fetch(`${bin.url}/api/admin${path}`, {
      method,
      headers: { authorization: key, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  /** Resolves on the SDK's next emission of `event` (a hang guard only stops a hang). */
  const next = (client: Unleash, event: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`no ${event} from the SDK`)), HANG_GUARD_MS);
      client.once(event, () => {
        clearTimeout(guard);
        resolve();
      });
    });

  /** Two completed fetches that found nothing new: the second one surely started after the caller's last write. */
  const twoUnchangedFetches = async (client: Unleash) => {
    await next(client, 'unchanged');
    await next(client, 'unchanged');
  };

  test.before(async () => {
    store = await storage.open();
    bin = await startBin(['--port', '0', ...store.args, '--no-demo'], { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT });
    await api('POST', '/projects', { id: 'shop', name: 'Shop' });
    await api('POST', '/projects/shop/features', { name: 'checkout' });
    await api('PUT', '/projects/shop/environments/development/change-requests/config', {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
  });

  test.after(async () => {
    sdk?.destroy();
    await bin?.child.stop();
    await store?.cleanup();
  });

  test('the SDK sees nothing of a request until it is applied, then exactly its changes', async () => {
    const reviewer = (await api('POST', '/api-tokens', { tokenName: REVIEWER_NAME, type: 'admin', role: 'editor' })).secret as string;
    const editor = (await api('POST', '/api-tokens', { tokenName: 'author', type: 'admin', role: 'editor' })).secret as string;
    // The author cannot switch the environment directly while change requests are on.
    const direct = await fetch(`${bin.url}/api/admin/projects/shop/features/checkout/environments/development/on`, {
      method: 'POST',
      headers: { authorization: editor },
    });
    assert.is(direct.status, 403);
    assert.match(await direct.text(), /SKIP_CHANGE_REQUEST/);

    sdk = new Unleash({
      url: `${bin.url}/api/`,
      appName: 'change-requests',
      instanceId: 'change-requests-1',
      environment: 'development',
      customHeaders: { Authorization: CLIENT },
      refreshInterval: 200,
      disableMetrics: true,
    });
    sdk.on('error', (e) => console.error('SDK error:', e));
    await next(sdk, 'synchronized');
    assert.is(sdk.isEnabled('checkout', { userId: 'alice' }), false);

    const draft = await api(
      'POST',
      '/projects/shop/environments/development/change-requests',
      [
        { feature: 'checkout', action: 'addStrategy', payload: { name: 'userWithId', parameters: { userIds: 'alice' } } },
        { feature: 'checkout', action: 'updateEnabled', payload: { enabled: true } },
      ],
      editor,
    );
    await api('PUT', `/projects/shop/change-requests/${draft.id}/state`, { state: 'In review' }, editor);
    const approved = await api('PUT', `/projects/shop/change-requests/${draft.id}/state`, { state: 'Approved' }, reviewer);
    assert.is(approved.state, 'Approved');
    await twoUnchangedFetches(sdk);
    assert.is(sdk.isEnabled('checkout', { userId: 'alice' }), false, 'approved is not applied');

    const changed = next(sdk, 'changed');
    const applied = await api('PUT', `/projects/shop/change-requests/${draft.id}/state`, { state: 'Applied' }, reviewer);
    assert.is(applied.state, 'Applied');
    await changed;
    assert.is(sdk.isEnabled('checkout', { userId: 'alice' }), true);
    assert.is(sdk.isEnabled('checkout', { userId: 'bob' }), false, 'exactly the strategy of the request');
  });

  test.run();
}

for (const storage of BIN_STORAGES) sdkChangeRequestSuite(storage);
