import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createAdmin, SYSTEM_PRINCIPAL, type Storage } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';
import { APPS_PRUNED } from '../src/runtime/client-app-prune';
import { UsageBatch } from '../src/runtime/usage-batch';
import { USAGE_PRUNED } from '../src/runtime/usage-prune';

/**
 * A storage that counts its write transactions (a failing one when `failNext` is set) and their reads of
 * the applications' and the usage buckets' pruning markers.
 */
function countingWrites(inner: Storage) {
  const state = { writes: 0, failNext: false, markerReads: 0, usageMarkerReads: 0 };
  type Write = Parameters<Storage['write']>[0];
  const counted =
    (fn: Write): Write =>
    (tx) =>
      fn(
        new Proxy(tx, {
          get(target, name, receiver) {
            const value = Reflect.get(target, name, receiver) as unknown;
            if (typeof value !== 'function') return value;
            if (name !== 'get') return value.bind(target);
            return (collection: string, key: string) => {
              if (collection === 'settings' && key === APPS_PRUNED) state.markerReads += 1;
              if (collection === 'settings' && key === USAGE_PRUNED) state.usageMarkerReads += 1;
              return value.call(target, collection, key);
            };
          },
        }),
      );
  const storage = new Proxy(inner, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (name === 'write') {
        return async (write: Write) => {
          const fn = counted(write);
          state.writes += 1;
          if (state.failNext) {
            state.failNext = false;
            return target.write(async (tx) => {
              await fn(tx);
              throw new Error('disk full');
            });
          }
          return target.write(fn);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { storage, state };
}

const test = suite('SDK reports written in batches');

async function setUp() {
  const { storage, state } = countingWrites(memoryStorage());
  const admin = createAdmin({ storage });
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'checkout' } });
  const secret = (await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'sdk', type: 'client', environment: 'development' } }))
    .secret;
  const client = await admin.authenticate(secret);
  const register = (i: number) =>
    admin.registerClient(client, { body: { appName: `app-${i % 3}`, instanceId: `i-${i}`, sdkVersion: 'unleash-client-node:6.0.0' } });
  const metrics = (i: number) =>
    admin.recordMetrics(client, {
      body: { appName: `app-${i % 3}`, instanceId: `i-${i}`, bucket: { toggles: { checkout: { yes: 1, no: 0 } } } },
    });
  return { admin, storage, state, register, metrics };
}

test('reports that arrive together are one write, and each resolves with everything stored', async () => {
  const { storage, state, register, metrics } = await setUp();
  const before = state.writes;
  await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? register(i) : metrics(i))));
  assert.is(state.writes - before, 1);
  const apps = await storage.read((tx) => tx.list('clientApps'));
  assert.equal(
    apps.map((a) => [a.appName, a.instances.length, a.projects]),
    [
      ['app-0', 10, ['default']],
      ['app-1', 10, ['default']],
      ['app-2', 10, ['default']],
    ],
  );
  await storage.close();
});

test('a batch prunes the applications and the usage buckets once, after its reports: one read of each marker per write', async () => {
  const { state, register, metrics } = await setUp();
  const [writes, reads, usageReads] = [state.writes, state.markerReads, state.usageMarkerReads];
  await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? register(i) : metrics(i))));
  assert.equal([state.writes - writes, state.markerReads - reads, state.usageMarkerReads - usageReads], [1, 1, 1]);
  await register(31);
  assert.equal([state.writes - writes, state.markerReads - reads, state.usageMarkerReads - usageReads], [2, 2, 2]);
});

test('reports arriving while a batch is written go to the next one', async () => {
  const { storage, state, register } = await setUp();
  const before = state.writes;
  const first = register(1);
  // Sent once the first batch's write has begun: it cannot be part of it.
  const second = new Promise<void>((resolve, reject) => {
    const started = state.writes;
    const waitForWrite = () => (state.writes > started ? register(2).then(resolve, reject) : setTimeout(waitForWrite, 1));
    waitForWrite();
  });
  await Promise.all([first, second]);
  assert.is(state.writes - before, 2);
  const app1 = await storage.read((tx) => tx.get('clientApps', 'app-1'));
  const app2 = await storage.read((tx) => tx.get('clientApps', 'app-2'));
  assert.ok(app1 && app2);
  await storage.close();
});

test('a batch whose write fails rejects every report in it and stores none', async () => {
  const { storage, state, register, admin } = await setUp();
  state.failNext = true;
  const results = await Promise.allSettled([register(1), register(2), register(3)]);
  assert.equal(
    results.map((r) => r.status),
    ['rejected', 'rejected', 'rejected'],
  );
  assert.equal(await storage.read((tx) => tx.list('clientApps')), []);
  await register(4);
  assert.equal(
    (await storage.read((tx) => tx.list('clientApps'))).map((a) => a.appName),
    ['app-1'],
  );
  assert.is(
    (await admin.listEvents(SYSTEM_PRINCIPAL)).events.some((e) => e.type.startsWith('client')),
    false,
  );
  await storage.close();
});

test('UsageBatch alone: the window gathers reports submitted in the same tick', async () => {
  let writes = 0;
  const applied: number[] = [];
  const batch = new UsageBatch(async (fn) => {
    writes += 1;
    return fn({} as never);
  }, 0);
  await Promise.all([1, 2, 3].map((n) => batch.submit(async () => void applied.push(n))));
  assert.is(writes, 1);
  assert.equal(applied, [1, 2, 3]);
});

test('UsageBatch alone: its after-reports step runs once per write, after the reports', async () => {
  const applied: number[] = [];
  const batch = new UsageBatch(
    async (fn) => fn({} as never),
    0,
    async () => void applied.push(0),
  );
  await Promise.all([1, 2, 3].map((n) => batch.submit(async () => void applied.push(n))));
  await batch.submit(async () => void applied.push(4));
  assert.equal(applied, [1, 2, 3, 0, 4, 0]);
});

test.run();
