// The bin's Unleash-style environment names, --version, start-up warnings and Ctrl-C under
// `pnpm start`, all on the spawned bin over real HTTP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  BIN_FROM_SOURCE,
  BUILT_BIN,
  killAll,
  listeningUrl,
  randomSecret,
  REPO_ROOT,
  scratchDirs,
  spawnNode,
  startBin,
} from './helpers/bin';
import { pnpmPath } from './helpers/pnpm';

const test = suite('bin conventions');
const dirs = scratchDirs();
const data = dirs.make;

test.after(async () => {
  await killAll();
  dirs.removeAll();
});

test('flagadmin --version prints the package version (source and built bin)', async () => {
  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'packages/server/package.json'), 'utf8'));
  for (const bin of [BIN_FROM_SOURCE, BUILT_BIN]) {
    const child = spawnNode([...bin, '--version']);
    assert.equal(await child.exited(), { code: 0, signal: null });
    assert.is(child.stdout, `${version}\n`);
  }
});

test('BASE_URI_PATH mounts API, docs and health under the prefix; HTTP_PORT and HTTP_HOST are used', async () => {
  const key = randomSecret();
  const { child, url } = await startBin(['--data', data(), '--no-demo'], {
    HTTP_PORT: '0',
    PORT: '1',
    HTTP_HOST: '127.0.0.1',
    BASE_URI_PATH: '/flags/',
    INIT_ADMIN_API_TOKENS: key,
  });
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/flags$/, 'the printed URL has the prefix');
  const origin = url.replace(/\/flags$/, '');
  assert.equal(await (await fetch(`${url}/health`)).json(), { health: 'GOOD' });
  assert.is((await fetch(`${url}/docs/openapi.json`)).status, 200);
  const projects = await fetch(`${url}/api/admin/projects`, { headers: { authorization: key } });
  assert.is(projects.status, 200);
  for (const outside of ['/health', '/api/admin/projects', '/flagsx/health']) {
    const response = await fetch(origin + outside, { headers: { authorization: key } });
    assert.is(response.status, 404, outside);
    assert.is((await response.json()).name, 'NotFoundError');
  }
  assert.equal(await child.stop(), { code: 0, signal: null });
});

test('unknown FLAGADMIN_* names and Unleash names with an equivalent are warned about on stderr', async () => {
  const { child } = await startBin(['--port', '0', '--data', data(), '--no-demo'], {
    FLAGADMIN_DATADIR: '/x',
    SERVER_HEADERS_TIMEOUT: '60',
  });
  assert.match(child.stderr, /flagadmin: warning: unknown environment variable FLAGADMIN_DATADIR is ignored/);
  assert.match(
    child.stderr,
    /flagadmin: warning: SERVER_HEADERS_TIMEOUT is Unleash's name and is ignored here: use FLAGADMIN_HEADERS_TIMEOUT_MS/,
  );
  await child.stop();
});

test('Ctrl-C on `pnpm start` (SIGINT to the whole process group) stops cleanly: exit 0, no ELIFECYCLE', async () => {
  const child = spawnNode([pnpmPath(), 'start', '--port', '0', '--data', data(), '--no-demo'], { detached: true });
  try {
    await listeningUrl(child);
    process.kill(-child.process.pid!, 'SIGINT');
    const exit = await child.exited();
    const output = child.stdout + child.stderr;
    assert.equal(exit, { code: 0, signal: null }, output);
    assert.not.match(output, /ELIFECYCLE|during shutdown/);
    assert.match(output, /"signal":"SIGINT","msg":"stopped"/);
  } finally {
    await child.kill();
  }
});

test('answers over 1 KiB are compressed by default, and not with --no-compression', async () => {
  const key = randomSecret();
  const on = await startBin(['--port', '0', '--data', data()], { INIT_ADMIN_API_TOKENS: key });
  const off = await startBin(['--port', '0', '--data', data(), '--no-compression'], { INIT_ADMIN_API_TOKENS: key });
  for (const [{ url }, expected] of [
    [on, 'br'],
    [off, null],
  ] as const) {
    // fetch decodes the body itself; the header still says how it travelled.
    const events = await fetch(`${url}/api/admin/events`, { headers: { authorization: key, 'accept-encoding': 'br, gzip' } });
    assert.is(events.status, 200);
    assert.is(events.headers.get('content-encoding'), expected);
    assert.ok((await events.json()).events.length > 0);
  }
  await on.child.stop();
  await off.child.stop();
});

test.run();
