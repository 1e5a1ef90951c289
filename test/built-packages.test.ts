// The built packages as a user gets them: plain `node` (no `source` condition, no tsx) resolving each
// package by name from the repository root, through import() and require(). Needs `pnpm build` first
// (the root `test` script runs it).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BUILT_BIN, killAll, listeningUrl, REPO_ROOT, spawnNode } from './helpers/bin';

const test = suite('built packages');
const dirs: string[] = [];

test.after(async () => {
  await killAll();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** The functions (and classes) each package must expose; a package not named here must expose something. */
const EXPECTED: Record<string, string[]> = {
  core: ['createFlagadmin', 'createAdmin', 'createContext', 'createHandler', 'createDispatch', 'isSetupError'],
  'storage-memory': ['memoryStorage'],
  'storage-lowdb': ['lowdbStorage', 'FlagadminStorageLockedError', 'FlagadminStorageCorruptError'],
  'storage-postgres': ['postgresStorage', 'FlagadminStorageUnavailableError', 'FlagadminSchemaTooNewError'],
  'node-http': ['serve', 'createServer', 'toNodeListener'],
  server: ['startServer', 'parseConfig', 'seedDemo'],
  ui: ['createUiHandler', 'withUi'],
  migrate: ['migrateFromUnleash', 'exportToUnleash', 'move', 'unleashApi', 'MigrateError'],
};

const packages = readdirSync(join(REPO_ROOT, 'packages'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(REPO_ROOT, 'packages', d.name, 'package.json')))
  .map((d) => d.name);

/** Runs `node --input-type=module -e <code>` in the repository root and parses its one JSON line of output. */
function nodeEval(code: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env['NODE_OPTIONS'];
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`node exited ${code}\n${err}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`no JSON output: ${out}\n${err}`));
      }
    });
  });
}

test('every package of packages/* is covered here', () => {
  for (const name of Object.keys(EXPECTED)) assert.ok(packages.includes(name), `packages/${name} exists`);
});

for (const name of packages) {
  test(`@flagadmin/${name}: import() and require() of the built entry`, async () => {
    const specifier = `@flagadmin/${name}`;
    const result = await nodeEval(`
      import { createRequire } from 'node:module';
      const require = createRequire(process.cwd() + '/package.json');
      const kinds = (m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, typeof v]));
      const esm = await import(${JSON.stringify(specifier)});
      const cjs = require(${JSON.stringify(specifier)});
      console.log(JSON.stringify({
        esmPath: import.meta.resolve(${JSON.stringify(specifier)}),
        cjsPath: require.resolve(${JSON.stringify(specifier)}),
        esm: kinds(esm),
        cjs: kinds(cjs),
      }));
    `);
    assert.match(result.esmPath, new RegExp(`packages/${name}/dist/index\\.js$`), 'import resolves to the built ESM');
    assert.match(result.cjsPath, new RegExp(`packages/${name}/dist/index\\.cjs$`), 'require resolves to the built CJS');
    const expected = EXPECTED[name] ?? [];
    for (const fn of expected) {
      assert.is(result.esm[fn], 'function', `import: ${fn}`);
      assert.is(result.cjs[fn], 'function', `require: ${fn}`);
    }
    if (expected.length === 0) assert.ok(Object.values(result.esm).includes('function'), 'exposes functions');
    assert.equal(
      Object.keys(result.cjs)
        .filter((k) => k !== 'default' && k !== '__esModule')
        .sort(),
      Object.keys(result.esm)
        .filter((k) => k !== 'default')
        .sort(),
      'same exports in both formats',
    );
  });
}

test('@flagadmin/storage-memory/engine: import() and require() of the built engine entry', async () => {
  const result = await nodeEval(`
    import { createRequire } from 'node:module';
    const require = createRequire(process.cwd() + '/package.json');
    const esm = await import('@flagadmin/storage-memory/engine');
    const cjs = require('@flagadmin/storage-memory/engine');
    console.log(JSON.stringify({
      esmPath: import.meta.resolve('@flagadmin/storage-memory/engine'),
      cjsPath: require.resolve('@flagadmin/storage-memory/engine'),
      esm: [typeof esm.MemoryEngine, typeof esm.MemoryEventStore],
      cjs: [typeof cjs.MemoryEngine, typeof cjs.MemoryEventStore],
    }));
  `);
  assert.match(result.esmPath, /packages\/storage-memory\/dist\/engine\.js$/);
  assert.match(result.cjsPath, /packages\/storage-memory\/dist\/engine\.cjs$/);
  assert.equal(result.esm, ['function', 'function']);
  assert.equal(result.cjs, ['function', 'function']);
});

test('@flagadmin/core/operations: import() and require() of the built operations entry', async () => {
  const result = await nodeEval(`
    import { createRequire } from 'node:module';
    const require = createRequire(process.cwd() + '/package.json');
    const names = ['patchFeature', 'listEvents', 'listProjects', 'getChangeRequest', 'listOutdatedSdks'];
    const esm = await import('@flagadmin/core/operations');
    const cjs = require('@flagadmin/core/operations');
    console.log(JSON.stringify({
      esmPath: import.meta.resolve('@flagadmin/core/operations'),
      cjsPath: require.resolve('@flagadmin/core/operations'),
      esm: names.map((n) => typeof esm[n]),
      cjs: names.map((n) => typeof cjs[n]),
    }));
  `);
  assert.match(result.esmPath, /packages\/core\/dist\/operations\.js$/);
  assert.match(result.cjsPath, /packages\/core\/dist\/operations\.cjs$/);
  assert.equal(result.esm, Array(5).fill('function'));
  assert.equal(result.cjs, Array(5).fill('function'));
});

test('the built packages work together under require(): a handler on memory storage answers /health', async () => {
  const result = await nodeEval(`
    import { createRequire } from 'node:module';
    const require = createRequire(process.cwd() + '/package.json');
    const { createFlagadmin, SYSTEM_PRINCIPAL } = require('@flagadmin/core');
    const { memoryStorage } = require('@flagadmin/storage-memory');
    const { handle, admin } = createFlagadmin({ storage: memoryStorage() });
    const key = await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 't', type: 'admin' } });
    const health = await (await handle(new Request('http://x/health'))).json();
    const projects = await (await handle(new Request('http://x/api/admin/projects', { headers: { authorization: key.secret } }))).json();
    console.log(JSON.stringify({ health, projects: projects.projects.map((p) => p.id) }));
  `);
  assert.equal(result, { health: { health: 'GOOD' }, projects: ['default'] });
});

test('the built bin starts and prints its listening line', async () => {
  const data = await mkdtemp(join(tmpdir(), 'flagadmin-built-'));
  dirs.push(data);
  const child = spawnNode([...BUILT_BIN, '--port', '0', '--data', data, '--no-demo']);
  try {
    const url = await listeningUrl(child);
    assert.equal(await (await fetch(`${url}/health`)).json(), { health: 'GOOD' });
    const page = await fetch(`${url}/`);
    assert.is(page.headers.get('content-type'), 'text/html; charset=utf-8', 'the admin page at /');
    const script = /src="(assets\/app-[^"]+\.js)"/.exec(await page.text())?.[1];
    assert.is(
      (await fetch(`${url}/${script}`)).headers.get('cache-control'),
      'public, max-age=31536000, immutable',
      'its script, embedded in the built bin',
    );
    assert.equal(await child.stop(), { code: 0, signal: null });
  } finally {
    await child.kill();
  }
});

test.run();
