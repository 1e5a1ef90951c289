// Every example is started with its own `start` script (run with node directly, cwd at the example,
// so the signal reaches the example and not a pnpm wrapper), then used over HTTP and stopped.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminRoundTrip, call } from './helpers/admin-round-trip';
import { killAll, REPO_ROOT, spawnNode, type Child } from './helpers/bin';

const test = suite('examples');
const dirs: string[] = [];
const KEY = `*:*.${'9e'.repeat(32)}`;

test.after(async () => {
  await killAll();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** Spawns `node ...` exactly as the example's `start` script says. */
async function startExample(name: string, env: Record<string, string> = {}): Promise<{ child: Child; url: string }> {
  const dir = join(REPO_ROOT, 'examples', name);
  const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { private?: boolean; scripts: { start: string } };
  assert.ok(pkg.private, `${name} is private`);
  const [command, ...args] = pkg.scripts.start.split(/\s+/);
  assert.is(command, 'node', 'the start script runs node');
  const child = spawnNode(args, { cwd: dir, env: { PORT: '0', ...env } });
  const url = (await child.waitFor(/listening on (http:\/\/[^\s)]+)/))[1]!;
  return { child, url };
}

async function stopped(child: Child): Promise<void> {
  assert.equal(await child.stop('SIGTERM'), { code: 0, signal: null }, `${child.stderr}`);
}

test('standalone-server: startServer on its own data directory, with the printed demo key', async () => {
  const data = await mkdtemp(join(tmpdir(), 'flagadmin-example-'));
  dirs.push(data);
  const { child, url } = await startExample('standalone-server', { FLAGADMIN_DATA: data });
  try {
    const key = (await child.waitFor(/demo admin key: (\S+)/))[1]!;
    await adminRoundTrip(url, key, 'checkout', 'new-checkout-flow');
    assert.ok(child.stdout.includes(`data directory: ${data}`));
    await stopped(child);
  } finally {
    await child.kill();
  }
});

test('standalone-server: INIT_ADMIN_API_TOKENS works too', async () => {
  const { child, url } = await startExample('standalone-server', { INIT_ADMIN_API_TOKENS: KEY });
  try {
    assert.is((await call(`${url}/api/admin/projects`, KEY)).status, 200);
    const data = (await child.waitFor(/data directory: (\S+)/))[1]!;
    dirs.push(data);
    await stopped(child);
  } finally {
    await child.kill();
  }
});

test('embed-node-http: the host keeps its routes, flagadmin answers under /admin', async () => {
  const { child, url } = await startExample('embed-node-http', { INIT_ADMIN_API_TOKENS: KEY });
  try {
    const home = await fetch(`${url}/`);
    assert.is(home.status, 200);
    assert.match(await home.text(), /Hello from the host application/);
    const health = await fetch(`${url}/admin/health`);
    assert.equal(await health.json(), { health: 'GOOD' });
    await adminRoundTrip(`${url}/admin`, KEY, 'default', 'welcome-banner');
    const outside = await fetch(`${url}/api/admin/projects`, { headers: { authorization: KEY } });
    assert.is(outside.status, 404, 'flagadmin is only under /admin');
    assert.match(await outside.text(), /host application/);
    assert.not.match(child.stdout, /admin key:/, 'no key generated when one is given');
    await stopped(child);
  } finally {
    await child.kill();
  }
});

test('embed-node-http: without INIT_ADMIN_API_TOKENS a key is generated and printed', async () => {
  const { child, url } = await startExample('embed-node-http');
  try {
    const key = (await child.waitFor(/admin key: (\S+)/))[1]!;
    assert.is((await call(`${url}/admin/api/admin/projects`, key)).status, 200);
    await stopped(child);
  } finally {
    await child.kill();
  }
});

test('fetch-handler: export default { fetch } served on node', async () => {
  const mod = (await import('../examples/fetch-handler/src/app')) as { default: { fetch: (r: Request) => Promise<Response> } };
  assert.type(mod.default.fetch, 'function');
  const inProcess = await mod.default.fetch(new Request('http://host.test/health'));
  assert.equal(await inProcess.json(), { health: 'GOOD' }, 'the module works with no server at all');

  const { child, url } = await startExample('fetch-handler');
  try {
    const key = (await child.waitFor(/admin key: (\S+)/))[1]!;
    await adminRoundTrip(url, key, 'default', 'welcome-banner');
    await stopped(child);
  } finally {
    await child.kill();
  }
});

test.run();
