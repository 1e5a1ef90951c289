// The `flagadmin` bin as a child process: start-up, demo data, durability across kill -9, the data
// directory lock, configuration errors, start-up keys, logs, signals and exit codes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN_FROM_SOURCE, BUILT_BIN, demoKey, jsonLines, killAll, listeningUrl, spawnNode, type Child } from './helpers/bin';

const test = suite('flagadmin bin');
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flagadmin-bin-'));
  dirs.push(dir);
  return dir;
};
const bin = (args: string[], env: Record<string, string> = {}): Child => spawnNode([...BIN_FROM_SOURCE, ...args], { env });

test.after(async () => {
  await killAll();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const get = async (url: string, key?: string): Promise<{ status: number; body: any }> => {
  const response = await fetch(url, key ? { headers: { authorization: key } } : {});
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
};

test('first start: demo data, a printed key, curl lines; kill -9 after a PATCH loses nothing; no demo again on restart', async () => {
  const data = await tempDir();
  const first = bin(['--port', '0', '--data', data]);
  let second: Child | undefined;
  try {
    const url = await listeningUrl(first);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.not.match(url, /:4242$/, 'port 0 means any free port, and the line shows the real one');
    const key = await demoKey(first);
    assert.match(key, /^\*:\*\.[0-9a-f]{64}$/);
    await first.waitFor(/sdks\/outdated\n/);
    for (const path of ['/api/admin/events', '/api/admin/projects', '/change-requests/', '/sdks/outdated', '-X PATCH']) {
      assert.ok(
        first.stdout.split('\n').some((l) => l.includes('curl') && l.includes(path) && l.includes(url)),
        `a curl line for ${path} with the real URL`,
      );
    }

    assert.equal(await get(`${url}/health`), { status: 200, body: { health: 'GOOD' } });
    const unauthenticated = await get(`${url}/api/admin/projects`);
    assert.is(unauthenticated.status, 401);

    // Projects with members and owners.
    const projects = await get(`${url}/api/admin/projects`, key);
    assert.is(projects.status, 200);
    const ids: string[] = projects.body.projects.map((p: { id: string }) => p.id);
    assert.ok(ids.length >= 4, `at least 3 demo projects besides default: ${ids}`);
    assert.ok(projects.body.projects.some((p: any) => p.memberCount > 0 && p.owners.some((o: any) => o.ownerType === 'user')));

    // Features of every type, stale and archived ones, enabled environments.
    const features: any[] = [];
    for (const id of ids) features.push(...(await get(`${url}/api/admin/projects/${id}/features`, key)).body.features);
    const types = new Set(features.map((f) => f.type));
    for (const type of ['release', 'experiment', 'operational', 'kill-switch', 'permission'])
      assert.ok(types.has(type), `a ${type} feature`);
    assert.ok(
      features.some((f) => f.stale),
      'a stale feature',
    );
    assert.ok(
      features.some((f) => f.tags.length > 0),
      'a tagged feature',
    );
    assert.ok(
      features.some((f) => f.environments.some((e: any) => e.enabled)),
      'an enabled environment',
    );
    const events = await get(`${url}/api/admin/events`, key);
    const eventTypes = new Set(events.body.events.map((e: any) => e.type));
    for (const type of ['feature-environment-enabled', 'feature-archived', 'feature-stale-on', 'change-added'])
      assert.ok(eventTypes.has(type), type);

    // The change request and outdated SDKs the curl lines point at.
    const crLine = first.stdout.split('\n').find((l) => l.includes('/change-requests/'))!;
    const crPath = /(\/api\/admin\/projects\/[^/]+\/change-requests\/\d+)/.exec(crLine)![1]!;
    const cr = await get(`${url}${crPath}`, key);
    assert.is(cr.status, 200);
    assert.ok(cr.body.features.length > 0);
    const outdated = await get(`${url}/api/admin/projects/checkout/sdks/outdated`, key);
    assert.is(outdated.status, 200);
    const versions: string[] = outdated.body.sdks.map((s: { sdkVersion: string }) => s.sdkVersion);
    assert.ok(versions.includes('unleash-client-node:3.9.1'), `outdated node SDK listed: ${versions}`);
    assert.ok(versions.includes('unleash-client-java:8.0.0'));
    assert.not.ok(
      versions.some((v) => v.startsWith('unleash-client-node:6.')),
      'the current node SDK is not outdated',
    );
    const search = await get(`${url}/api/admin/projects/search/sdks/outdated`, key);
    assert.not.ok(
      search.body.sdks.some((s: any) => s.sdkVersion === 'unleash-python-sdk:6.3.0'),
      'the minimum version itself is current',
    );

    // A PATCH, answered 200 (durable by then), then kill -9 at once.
    const patched = await fetch(`${url}/api/admin/projects/checkout/features/new-checkout-flow`, {
      method: 'PATCH',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: JSON.stringify([{ op: 'replace', path: '/description', value: 'survives kill -9' }]),
    });
    assert.is(patched.status, 200, await patched.clone().text());
    await patched.text();
    // Log lines are written asynchronously: wait for the PATCH's line (the last one) before the kill -9.
    await first.waitFor(/"method":"PATCH"[^\n]*"msg":"request"/);
    const killed = await first.stop('SIGKILL');
    assert.is(killed.signal, 'SIGKILL');

    // Request log lines: JSON with the fields, never the key.
    const requestLines = jsonLines(first.stdout).filter((l) => l['msg'] === 'request');
    assert.ok(requestLines.length >= 10);
    for (const line of requestLines) {
      for (const field of ['time', 'level', 'method', 'route', 'status', 'durationMs', 'requestId'])
        assert.ok(field in line, `${field} in ${JSON.stringify(line)}`);
    }
    assert.ok(
      requestLines.some(
        (l) => l['method'] === 'PATCH' && l['route'] === '/api/admin/projects/:projectId/features/:featureName' && l['status'] === 200,
      ),
    );
    const afterKeyBlock = first.stdout.slice(first.stdout.indexOf('/sdks/outdated\n') + 15);
    assert.not.ok(afterKeyBlock.includes(key.slice(4)), 'the key appears in no log line');
    assert.not.ok(afterKeyBlock.includes('survives kill -9'), 'no body in the logs');

    // Restart on the same data directory.
    second = bin(['--port', '0', '--data', data]);
    const url2 = await listeningUrl(second);
    await second.waitFor(/Existing data/);
    assert.not.match(second.stdout, /Demo data created|Admin API key/);
    assert.match(second.stdout, /INIT_ADMIN_API_TOKENS/);
    const feature = await get(`${url2}/api/admin/projects/checkout/features/new-checkout-flow`, key);
    assert.is(feature.status, 200);
    assert.is(feature.body.description, 'survives kill -9');
    const latest = (await get(`${url2}/api/admin/events`, key)).body.events[0];
    assert.is(latest.type, 'feature-metadata-updated');
    assert.is(latest.featureName, 'new-checkout-flow');
    assert.is(latest.data.description, 'survives kill -9');
    const again = await get(`${url2}/api/admin/projects`, key);
    assert.equal(
      again.body.projects.map((p: any) => [p.id, p.featureCount]),
      projects.body.projects.map((p: any) => [p.id, p.featureCount]),
      'no duplicated demo data',
    );
    assert.equal(await second.stop('SIGTERM'), { code: 0, signal: null });
  } finally {
    await first.kill();
    await second?.kill();
  }
});

test('a second bin on the same data directory is refused while the first keeps answering', async () => {
  const data = await tempDir();
  const first = bin(['--port', '0', '--data', data, '--no-demo']);
  try {
    const url = await listeningUrl(first);
    const second = bin(['--port', '0', '--data', data]);
    const exit = await second.exited();
    assert.is(exit.code, 1);
    assert.match(second.stderr, /^flagadmin: data directory .+ is in use by process \d+/);
    assert.ok(second.stderr.includes(String(first.process.pid)), 'names the owner pid');
    assert.not.match(second.stdout, /listening on/);
    assert.is((await get(`${url}/health`)).status, 200);
    assert.equal(await first.stop('SIGINT'), { code: 0, signal: null }, 'SIGINT stops cleanly too');
  } finally {
    await first.kill();
  }
});

test('an unreadable data directory: a clear message naming the file, exit 1, the file untouched', async () => {
  const data = await tempDir();
  const { writeFile, readFile } = await import('node:fs/promises');
  await writeFile(join(data, 'db.json'), '{ not json');
  const child = bin(['--port', '0', '--data', data]);
  try {
    assert.is((await child.exited()).code, 1);
    assert.match(child.stderr, /^flagadmin: cannot open the data: .*db\.json/);
    assert.is(await readFile(join(data, 'db.json'), 'utf8'), '{ not json');
  } finally {
    await child.kill();
  }
});

test('bad flags and environment values: one clear line on stderr, exit code 2', async () => {
  const data = await tempDir();
  const cases: { args: string[]; env?: Record<string, string>; message: RegExp }[] = [
    { args: ['--port', 'abc'], message: /--port must be an integer from 0 to 65535, got "abc"/ },
    { args: ['--port', '70000'], message: /--port must be an integer from 0 to 65535/ },
    { args: [], env: { PORT: '-1' }, message: /PORT must be an integer/ },
    { args: ['--bogus'], message: /Unknown option '--bogus'/ },
    { args: ['extra'], message: /Unexpected argument 'extra'/ },
    { args: [], env: { LOG_LEVEL: 'loud' }, message: /LOG_LEVEL must be one of debug, info, warn, error, silent, got "loud"/ },
    { args: [], env: { INIT_ADMIN_API_TOKENS: 'not-a-secret' }, message: /INIT_ADMIN_API_TOKENS entry 1 is not a valid secret/ },
    {
      args: [],
      env: { INIT_CLIENT_API_TOKENS: `*:*.${'a'.repeat(64)}` },
      message: /INIT_CLIENT_API_TOKENS entry 1: a client key names one environment/,
    },
    { args: ['--body-limit', 'lots'], message: /--body-limit must be an integer/ },
    { args: ['--limit', 'tagz=3'], message: /--limit wants name=number with a name among operationsPerPatch/ },
    { args: [], env: { FLAGADMIN_LIMIT_JSON_DEPTH: '0' }, message: /FLAGADMIN_LIMIT_JSON_DEPTH must be an integer from 1/ },
    {
      args: ['--frontend-api-origins', 'https://app.example.com,https://app.example.com/path'],
      message: /frontendApiOrigins: Invalid origin: https:\/\/app\.example\.com\/path/,
    },
    { args: [], env: { UNLEASH_FRONTEND_API_ORIGINS: 'https://*.example.com' }, message: /Invalid origin: https:\/\/\*\.example\.com/ },
  ];
  const children = cases.map((c) => bin([...c.args, '--data', data], c.env));
  try {
    const exits = await Promise.all(children.map((c) => c.exited()));
    cases.forEach((c, i) => {
      const child = children[i]!;
      assert.is(exits[i]!.code, 2, `${JSON.stringify(c)} -> ${child.stderr}`);
      assert.match(child.stderr, c.message);
      assert.is(child.stderr.trim().split('\n').length, 1, `one line: ${child.stderr}`);
      assert.match(child.stderr, /^flagadmin: /);
    });
  } finally {
    await Promise.all(children.map((c) => c.kill()));
  }
});

test('flags win over environment; --help exits 0', async () => {
  const help = bin(['--help']);
  assert.is((await help.exited()).code, 0);
  assert.match(help.stdout, /Usage: flagadmin/);
  assert.match(help.stdout, /INIT_ADMIN_API_TOKENS/);
  const data = await tempDir();
  const child = bin(['--port', '0', '--data', data, '--no-demo'], { PORT: 'not-a-port-but-unused', FLAGADMIN_DATA: '/nonexistent/never' });
  try {
    assert.match(await listeningUrl(child), /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(child.stdout, new RegExp(`data directory: ${data.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.equal(await child.stop(), { code: 0, signal: null });
  } finally {
    await child.kill();
  }
});

test('frontend API origins from --frontend-api-origins or UNLEASH_FRONTEND_API_ORIGINS (the flag wins): served and enforced', async () => {
  const key = `*:*.${'0123456789abcdef'.repeat(4)}`;
  const start = async (args: string[], env: Record<string, string>) => {
    const child = bin(['--port', '0', '--data', await tempDir(), '--no-demo', ...args], { INIT_ADMIN_API_TOKENS: key, ...env });
    return { child, url: await listeningUrl(child) };
  };
  const allowedBy = async (url: string, origin: string) =>
    (await fetch(`${url}/api/frontend`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } })).headers.get(
      'access-control-allow-origin',
    );
  const byFlag = await start(['--frontend-api-origins', ' https://a.example.com, https://b.example.com:8443 '], {
    UNLEASH_FRONTEND_API_ORIGINS: 'https://env.example.com',
  });
  const byEnv = await start([], { UNLEASH_FRONTEND_API_ORIGINS: 'https://env.example.com' });
  const byDefault = await start([], {});
  try {
    assert.equal((await get(`${byFlag.url}/api/admin/ui-config`, key)).body.frontendApiOrigins, [
      'https://a.example.com',
      'https://b.example.com:8443',
    ]);
    assert.is(await allowedBy(byFlag.url, 'https://b.example.com:8443'), 'https://b.example.com:8443');
    assert.is(await allowedBy(byFlag.url, 'https://env.example.com'), null, 'the flag wins over the environment');
    assert.equal((await get(`${byEnv.url}/api/admin/ui-config`, key)).body.frontendApiOrigins, ['https://env.example.com']);
    assert.is(await allowedBy(byEnv.url, 'https://env.example.com'), 'https://env.example.com');
    assert.is(await allowedBy(byEnv.url, 'https://other.example.com'), null);
    assert.equal((await get(`${byDefault.url}/api/admin/ui-config`, key)).body.frontendApiOrigins, ['*']);
    assert.ok(await allowedBy(byDefault.url, 'https://other.example.com'), 'any origin by default');
    for (const { child } of [byFlag, byEnv, byDefault]) {
      assert.equal(await child.stop(), { code: 0, signal: null });
      assert.not.match(child.stderr, /UNLEASH_FRONTEND_API_ORIGINS/, 'no warning: the name is read');
    }
  } finally {
    await Promise.all([byFlag, byEnv, byDefault].map(({ child }) => child.kill()));
  }
});

test('INIT_ADMIN_API_TOKENS with --no-demo: empty instance, the given key works, no key printed; --limit applies', async () => {
  const data = await tempDir();
  const key = `*:*.${'0123456789abcdef'.repeat(4)}`;
  const client = `*:development.${'fedcba9876543210'.repeat(4)}`;
  const child = bin(['--port', '0', '--data', data, '--no-demo', '--limit', 'operationsPerPatch=1'], {
    INIT_ADMIN_API_TOKENS: `${key}, `,
    INIT_CLIENT_API_TOKENS: client,
    LOG_LEVEL: 'warn',
  });
  try {
    const url = await listeningUrl(child);
    assert.not.match(child.stdout, /Admin API key|Demo data/);
    const projects = await get(`${url}/api/admin/projects`, `Bearer ${key}`);
    assert.is(projects.status, 200);
    assert.equal(
      projects.body.projects.map((p: any) => p.id),
      ['default'],
    );
    assert.equal((await get(`${url}/api/admin/projects/default/features`, key)).body.features, []);
    assert.is((await get(`${url}/api/client/features`, client)).status, 200);
    assert.is((await get(`${url}/api/admin/projects`, client)).status, 403, 'the client key is a client key');
    const write = (path: string, method: string, body: unknown) =>
      fetch(`${url}${path}`, { method, headers: { authorization: key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.is((await write('/api/admin/projects/default/features', 'POST', { name: 'limited' })).status, 201);
    const twoOps = [
      { op: 'replace', path: '/stale', value: true },
      { op: 'replace', path: '/description', value: 'x' },
    ];
    const refused = await write('/api/admin/projects/default/features/limited', 'PATCH', twoOps);
    assert.is(refused.status, 400);
    assert.match(((await refused.json()) as { message: string }).message, /limit operationsPerPatch/);
    assert.equal(await child.stop(), { code: 0, signal: null });
    assert.equal(
      jsonLines(child.stdout).filter((l) => l['msg'] === 'request'),
      [],
      'LOG_LEVEL=warn drops request lines',
    );
  } finally {
    await child.kill();
  }
});

test('shutdown: an open request is waited for; a second signal exits 1; past the time limit exits 1', async () => {
  const data = await tempDir();
  const key = `*:*.${'5'.repeat(64)}`;
  const start = async (env: Record<string, string> = {}) => {
    const child = bin(['--port', '0', '--data', data, '--no-demo'], { INIT_ADMIN_API_TOKENS: key, ...env });
    const url = new URL(await listeningUrl(child));
    // A request whose body never completes keeps the server from finishing its close().
    const net = await import('node:net');
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.on('error', () => undefined);
    // expect: 100-continue: the server answers `100 Continue` once the request is in flight.
    const inFlight = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.write(
      `PATCH /api/admin/projects/default/features/x HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\nexpect: 100-continue\r\nauthorization: ${key}\r\n\r\n[`,
    );
    await inFlight;
    return { child, socket };
  };

  const a = await start();
  try {
    a.child.process.kill('SIGTERM');
    await a.child.waitFor(/"msg":"shutting down"/);
    await new Promise((r) => setTimeout(r, 300));
    assert.is(a.child.process.exitCode, null, 'still waiting for the open request');
    assert.is((await a.child.stop('SIGTERM')).code, 1, 'a second signal: exit 1');
    assert.match(a.child.stderr, /SIGTERM during shutdown/);
  } finally {
    a.socket.destroy();
    await a.child.kill();
  }

  const b = await start({ FLAGADMIN_SHUTDOWN_TIMEOUT_MS: '800' });
  try {
    b.child.process.kill('SIGINT');
    assert.is((await b.child.exited()).code, 1, 'shutdown over the limit: exit 1');
    assert.match(b.child.stderr, /shutdown took longer than 800 ms/);
  } finally {
    b.socket.destroy();
    await b.child.kill();
  }
});

test('the built bin (packages/server/bin/flagadmin.js) starts, answers with its demo key and stops with 0', async () => {
  const data = await tempDir();
  const child = spawnNode([...BUILT_BIN, '--port', '0', '--data', data]);
  try {
    const url = await listeningUrl(child);
    const key = await demoKey(child);
    assert.is((await get(`${url}/api/admin/projects`, key)).status, 200);
    assert.equal(await child.stop(), { code: 0, signal: null });
  } finally {
    await child.kill();
  }
});

test.run();
