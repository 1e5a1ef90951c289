import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FEATURE_TYPES, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { ConfigError, demoCurls, isEmptyData, startServer, type RunningServer } from '@flagadmin/server';
import { FlagadminStorageLockedError } from '@flagadmin/storage-lowdb';
import { memoryStorage } from '@flagadmin/storage-memory';
import { levelOf, pinoLines } from '../../../test/helpers/pino-lines';

const test = suite('startServer');
const KEY = `*:*.${'ef'.repeat(32)}`;
const dirs: string[] = [];
const servers: RunningServer[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flagadmin-start-'));
  dirs.push(dir);
  return dir;
};
const start = async (options: Parameters<typeof startServer>[0]) => {
  const server = await startServer({ port: 0, ...options });
  servers.push(server);
  return server;
};

test.after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

test('demo data is made through the operations: projects, every feature type, events, a change request, SDK apps', async () => {
  const { logger, lines } = pinoLines();
  const server = await start({ dataDir: await tempDir(), logger });
  assert.ok(server.demo);
  assert.ok(server.emptyAtStart);
  const demo = server.demo!;
  const key = await server.admin.authenticate(demo.adminKey!);
  assert.is(key.role, 'admin');

  const { projects } = await server.admin.listProjects(key);
  assert.ok(projects.length >= 4);
  const withOwners = projects.filter((p) => p.owners.some((o) => o.ownerType === 'user'));
  assert.ok(withOwners.length >= 3, 'projects with owners');
  assert.ok(
    projects.some((p) => p.id !== 'default' && p.owners[0]?.ownerType === 'system'),
    'a project without an owner',
  );
  assert.ok(projects.some((p) => p.mode !== 'open'));

  // A project's flag list leaves archived flags out (as Unleash's); the stored records have them all.
  const features = (await Promise.all(demo.projects.map((projectId) => server.admin.listFeatures(key, { projectId })))).flatMap(
    (r) => r.features,
  );
  const stored = await server.admin.context.read((tx) => tx.list('features'));
  assert.is(stored.length, demo.featureCount);
  assert.is(features.length, stored.filter((f) => !f.archived).length, 'the lists hold the live flags');
  for (const type of FEATURE_TYPES)
    assert.ok(
      features.some((f) => f.type === type),
      `a live ${type} feature`,
    );
  assert.ok(stored.some((f) => f.archived && f.lifecycleStages?.some((s) => s.stage === 'archived')));
  assert.ok(features.some((f) => f.stale && !f.archived));
  assert.ok(features.some((f) => f.favorite));
  assert.ok(features.some((f) => f.environments.some((e) => e.name === 'production' && e.enabled)));

  const { events, totalEvents } = await server.admin.listEvents(key, { project: 'checkout' });
  assert.ok(totalEvents > 10);
  for (const type of [
    'project-created',
    'feature-created',
    'feature-environment-enabled',
    'feature-stale-on',
    'feature-archived',
    'change-request-created',
    'change-added',
  ]) {
    assert.ok(
      events.some((e) => e.type === type),
      type,
    );
  }
  assert.ok(
    events.every((e) => e.createdBy === 'demo-admin'),
    'the demo acts as its admin key',
  );

  const cr = await server.admin.getChangeRequest(key, { projectId: demo.changeRequest.projectId, id: String(demo.changeRequest.id) });
  assert.is(cr.state, 'Draft');
  assert.is(cr.features.length, 2);

  const outdated = await server.admin.listOutdatedSdks(key, { projectId: demo.outdatedSdkProject });
  assert.equal(outdated.sdks, [
    { sdkVersion: 'unleash-client-java:8.0.0', applications: ['checkout-api'] },
    { sdkVersion: 'unleash-client-node:3.9.1', applications: ['checkout-web'] },
  ]);
  const search = await server.admin.listOutdatedSdks(key, { projectId: 'search' });
  assert.equal(search.sdks, [{ sdkVersion: 'unleash-client-python:5.0.0', applications: ['search-indexer'] }]);
  const apps = await server.admin.context.storage.read((tx) => tx.list('clientApps'));
  const versions = apps.flatMap((a) => a.instances.map((i) => i.sdkVersion));
  for (const v of ['unleash-client-node:6.1.0', 'unleash-python-sdk:6.3.0', 'unleash-node-sdk:6.6.1'])
    assert.ok(versions.includes(v), `current ${v} registered`);

  const curls = demoCurls(server.url, demo.adminKey!, demo);
  assert.is(curls.length, 5);
  assert.ok(curls.every((c) => c.startsWith('curl ') && c.includes(server.url) && c.includes(demo.adminKey!)));
  assert.is(lines.filter((l) => l['level'] === levelOf('error')).length, 0);

  // Over HTTP, with a request line per request and nothing secret in it.
  const response = await fetch(`${server.url}/api/admin/projects`, { headers: { authorization: demo.adminKey! } });
  assert.is(response.status, 200);
  await response.text();
  // Through pino() given to startServer: pino's own keys, then exactly the request's fields.
  const request = lines.find((l) => l['msg'] === 'request');
  assert.equal(Object.keys(request!).sort(), [
    'durationMs',
    'hostname',
    'level',
    'method',
    'msg',
    'pid',
    'requestId',
    'route',
    'status',
    'time',
  ]);
  assert.not.ok(JSON.stringify(lines).includes(demo.adminKey!.slice(4)));
});

test('a restart on the same data makes no demo and no key; a second open while running is refused', async () => {
  const dir = await tempDir();
  const first = await start({ dataDir: dir });
  const key = first.demo!.adminKey!;
  try {
    await startServer({ port: 0, dataDir: dir });
    assert.unreachable('the data directory is locked');
  } catch (error) {
    assert.instance(error, FlagadminStorageLockedError);
    assert.match((error as Error).message, new RegExp(`data directory .* is in use by process ${process.pid}`));
  }
  const before = await first.admin.listProjects(SYSTEM_PRINCIPAL);
  await first.close();
  await first.close(); // idempotent

  const second = await start({ dataDir: dir });
  assert.is(second.demo, null);
  assert.is(second.emptyAtStart, false);
  assert.equal(await second.admin.listProjects(SYSTEM_PRINCIPAL), before, 'nothing duplicated');
  assert.is((await second.admin.authenticate(key)).name, 'demo-admin');
  const keys = await second.admin.context.storage.read((tx) => tx.list('apiKeys'));
  assert.is(keys.filter((k) => k.type === 'admin').length, 1, 'no second admin key');
});

test('demoAdminKey: false: the demo is made all the same, acting as the system, and no admin key is made or returned', async () => {
  const server = await start({ storage: memoryStorage(), initAdminTokens: [KEY], demoAdminKey: false });
  assert.ok(server.demo);
  assert.is(server.demo!.adminKey, null);
  const principal = await server.admin.authenticate(KEY);
  assert.equal((await server.admin.listProjects(principal)).projects.map((p) => p.id).sort(), [
    'checkout',
    'default',
    'mobile',
    'platform',
    'search',
  ]);
  const keys = await server.admin.context.storage.read((tx) => tx.list('apiKeys'));
  assert.equal(
    keys.filter((k) => k.type === 'admin').map((k) => k.name),
    ['init-admin-token-1'],
    'the given key is the only admin key',
  );
  const { events } = await server.admin.listEvents(principal, {});
  assert.ok(events.length > 0 && events.every((e) => e.createdBy === 'system'), 'the demo acts as the system');
});

test('demo: false leaves the data empty; INIT keys are added once; any storage can be given', async () => {
  const storage = memoryStorage();
  const secret = `*:*.${'12'.repeat(32)}`;
  const server = await start({ storage, demo: false, initAdminTokens: [secret] });
  assert.is(server.demo, null);
  assert.is(server.initKeysCreated, 1);
  assert.is(server.dataDir, undefined);
  assert.ok(await isEmptyData(storage));
  const response = await fetch(`${server.url}/api/admin/projects`, { headers: { authorization: `Bearer ${secret}` } });
  assert.equal(
    (await response.json()).projects.map((p: { id: string }) => p.id),
    ['default'],
  );
});

test('initBackendTokens (INIT_BACKEND_API_TOKENS) become backend keys that read the client API', async () => {
  const secret = `default:development.${'0a'.repeat(32)}`;
  const server = await start({ dataDir: await tempDir(), demo: false, initBackendTokens: [secret] });
  assert.is(server.initKeysCreated, 1);
  assert.is((await server.admin.authenticate(secret)).type, 'backend');
  const response = await fetch(`${server.url}/api/client/features`, { headers: { authorization: secret } });
  assert.is(response.status, 200);
});

test('a malformed start-up key is a ConfigError and the data directory is released', async () => {
  const dir = await tempDir();
  try {
    await startServer({ port: 0, dataDir: dir, initClientTokens: ['nope'] });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as Error).message, /INIT_CLIENT_API_TOKENS entry 1/);
  }
  const again = await start({ dataDir: dir, demo: false });
  assert.ok(again.url);
});

test('limits reach the API: a patch past one is a 400 naming it; a bad limit is a ConfigError', async () => {
  const server = await start({ storage: memoryStorage(), demo: false, initAdminTokens: [KEY], limits: { tagsPerFeature: 1 } });
  const send = (path: string, method: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  assert.is((await send('/api/admin/projects/default/features', 'POST', { name: 'f' })).status, 201);
  const tags = [1, 2].map((i) => ({ op: 'add', path: '/tags/-', value: { type: 'simple', value: `t${i}` } }));
  const refused = await send('/api/admin/projects/default/features/f', 'PATCH', tags);
  assert.is(refused.status, 400);
  assert.match(((await refused.json()) as { message: string }).message, /limit tagsPerFeature/);
  try {
    await startServer({ port: 0, storage: memoryStorage(), limits: { jsonDepth: 0 } });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.match((error as Error).message, /jsonDepth must be a positive integer/);
  }
});

test('a port in use rejects and releases the data directory', async () => {
  const first = await start({ storage: memoryStorage(), demo: false });
  const dir = await tempDir();
  try {
    await startServer({ port: first.port, dataDir: dir, demo: false });
    assert.unreachable();
  } catch (error) {
    assert.is((error as { code?: string }).code, 'EADDRINUSE');
  }
  const again = await start({ dataDir: dir, demo: false });
  assert.ok(again.url);
});

test.run();
