import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin, SYSTEM_PRINCIPAL, type Storage } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';

/** A storage that counts `list('clientApps')` calls: how often the outdated-SDK report is computed. */
function countingStorage(inner: Storage): { storage: Storage; clientAppLists(): number } {
  let lists = 0;
  const countList = <T extends object>(tx: T): T =>
    new Proxy(tx, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (name !== 'list' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return (collection: string, ...rest: unknown[]) => {
          if (collection === 'clientApps') lists += 1;
          return (value as (...args: unknown[]) => unknown).call(target, collection, ...rest);
        };
      },
    });
  const storage = new Proxy(inner, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (name === 'read' || name === 'write') {
        return (fn: (tx: object) => Promise<unknown>) =>
          (value as (f: typeof fn) => Promise<unknown>).call(target, (tx) => fn(countList(tx)));
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { storage, clientAppLists: () => lists };
}

const test = suite('GET answers kept per storage revision');

test('the outdated-SDK report is computed once per revision and key, and anew after a write', async () => {
  const { storage, clientAppLists } = countingStorage(memoryStorage());
  const { admin, handle } = createFlagadmin({ storage });
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'checkout' } });
  await admin.createProject(SYSTEM_PRINCIPAL, { body: { id: 'other', name: 'Other' } });
  const adminKey = (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'all', type: 'admin' } })).secret;
  const scopedKey = (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'other', type: 'admin', projects: ['other'] } }))
    .secret;
  const client = await admin.authenticate(
    (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'sdk', type: 'client', environment: 'development' } })).secret,
  );
  const report = async (appName: string, sdkVersion: string) =>
    admin.recordMetrics(client, { body: { appName, instanceId: appName, sdkVersion, bucket: { toggles: { checkout: { yes: 1 } } } } });
  await report('web', 'unleash-client-node:3.0.0');

  const get = (secret: string, query = '') =>
    handle(new Request(`http://flags.test/api/admin/projects/default/sdks/outdated${query}`, { headers: { authorization: secret } }));
  const first = await get(adminKey);
  assert.is(first.status, 200);
  const firstBody = await first.text();
  assert.equal(JSON.parse(firstBody), { sdks: [{ sdkVersion: 'unleash-client-node:3.0.0', applications: ['web'] }] });
  const computed = clientAppLists();
  const second = await get(adminKey);
  assert.is(await second.text(), firstBody);
  assert.is(second.headers.get('content-type'), first.headers.get('content-type'));
  assert.is(clientAppLists(), computed, 'the second answer at the same revision is the kept one');
  assert.is.not(second.headers.get('x-request-id'), first.headers.get('x-request-id'));
  for (const query of ['?x=1', '?x=2', '?project=other']) {
    assert.is(await (await get(adminKey, query)).text(), firstBody, `${query}: a parameter the route does not read`);
  }
  assert.is(clientAppLists(), computed, 'query parameters the route does not read share the kept answer');

  // Another key at the same revision gets its own answer: here, the project is outside its scope.
  const scoped = await get(scopedKey);
  assert.is(scoped.status, 404);
  assert.is((await get(scopedKey)).status, 404);

  await report('mobile', 'unleash-client-node:3.1.0');
  const after = await get(adminKey);
  assert.equal(JSON.parse(await after.text()), {
    sdks: [
      { sdkVersion: 'unleash-client-node:3.0.0', applications: ['web'] },
      { sdkVersion: 'unleash-client-node:3.1.0', applications: ['mobile'] },
    ],
  });
  assert.ok(clientAppLists() > computed, 'a write makes the next answer computed anew');
  await storage.close();
});

test('an error is never kept: a change request that does not exist yet is found once it does', async () => {
  const storage = memoryStorage();
  const { admin, handle } = createFlagadmin({ storage });
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'checkout' } });
  const secret = (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'all', type: 'admin' } })).secret;
  const get = () =>
    handle(new Request('http://flags.test/api/admin/projects/default/change-requests/1', { headers: { authorization: secret } }));
  assert.is((await get()).status, 404);
  const principal = await admin.authenticate(secret);
  await admin.addChangeRequestChanges(principal, {
    projectId: 'default',
    environment: 'production',
    body: { feature: 'checkout', action: 'updateEnabled', payload: { enabled: true } },
  });
  const found = await get();
  assert.is(found.status, 200);
  assert.is(((await found.json()) as { id: number }).id, 1);
  await storage.close();
});

test('the project list is kept per revision, yet its figures move with the clock past a lifetime without any write', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const storage = memoryStorage();
  const { admin, handle } = createFlagadmin({ storage, now: () => new Date(now) });
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'checkout', type: 'release' } });
  const secret = (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'all', type: 'admin' } })).secret;
  const staleCount = async () => {
    const response = await handle(new Request('http://flags.test/api/admin/projects', { headers: { authorization: secret } }));
    const { projects } = (await response.json()) as { projects: { id: string; potentiallyStaleFeatureCount: number }[] };
    return projects.find((p) => p.id === 'default')!.potentiallyStaleFeatureCount;
  };
  assert.is(await staleCount(), 0);
  now += 39 * 86_400_000; // a release flag's lifetime is 40 days
  assert.is(await staleCount(), 0, 'kept: nothing changed');
  const revision = await storage.read((tx) => tx.revision());
  now += 2 * 86_400_000;
  assert.is(await staleCount(), 1, 'past the lifetime, the kept answer is computed again');
  assert.is(await storage.read((tx) => tx.revision()), revision, 'without any write');
  await storage.close();
});

test.run();
