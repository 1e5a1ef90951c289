// The packages as npm publishes them: `pnpm pack` of every package, installed with one `npm install`
// into a fresh project outside the workspace (in the OS temp directory), then used there by ESM
// import, by CJS require(), through the installed bin, and type-checked by tsc with
// `moduleResolution: node16` from an ES module and from a CommonJS module.
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomSecret, removeDir, REPO_ROOT, runToEnd, tempDir, type Ran } from './helpers/bin';
import { pnpmPath } from './helpers/pnpm';

const test = suite('packed packages');

/** Every package of packages/*, by directory name. */
const PACKAGES = readdirSync(join(REPO_ROOT, 'packages'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(REPO_ROOT, 'packages', d.name, 'package.json')))
  .map((d) => d.name);

const work = tempDir('flagadmin-packed-');
const tarballs = join(work, 'tarballs');
const app = join(work, 'app');
const manifests = new Map<string, Record<string, any>>();

test.after(() => removeDir(work));

/** Runs a command to its end (no shell); a hang guard of 5 minutes, never a speed check. */
const run = (command: string, args: readonly string[], cwd: string) => runToEnd(command, args, { cwd, guardMs: 300_000 });

function ok(result: Ran, what: string): Ran {
  assert.is(result.code, 0, `${what} exited ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`);
  return result;
}

/** The file paths an exports map points at, under every condition (its keys are subpaths, not files). */
function exportTargets(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports];
  if (exports === null || typeof exports !== 'object') return [];
  return Object.values(exports).flatMap(exportTargets);
}

test('pnpm pack of every package rewrites workspace dependencies and ships what its manifest points at', async () => {
  mkdirSync(tarballs);
  for (const name of PACKAGES) {
    ok(
      await run(process.execPath, [pnpmPath(), 'pack', '--pack-destination', tarballs], join(REPO_ROOT, 'packages', name)),
      `pnpm pack ${name}`,
    );
  }
  for (const file of readdirSync(tarballs)) {
    const listing = ok(await run('tar', ['-tzf', file], tarballs), `tar -t ${file}`).stdout.split('\n');
    const manifest = JSON.parse(ok(await run('tar', ['-xzOf', file, 'package/package.json'], tarballs), `tar -x ${file}`).stdout);
    const name = String(manifest.name).replace('@flagadmin/', '');
    manifests.set(name, manifest);
    const deps = JSON.stringify({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies });
    assert.not.match(deps, /workspace:/, `${manifest.name}: no workspace: range left`);
    assert.ok(listing.includes('package/README.md'), `${manifest.name} ships a README`);
    // Every path the exports map names (every condition) is in the tarball.
    const targets = exportTargets(manifest.exports).map((t) => `package/${t.slice(2)}`);
    for (const target of targets) {
      assert.ok(listing.includes(target), `${manifest.name} ships ${target}`);
    }
    assert.ok(listing.includes('package/LICENSE'), `${manifest.name} ships LICENSE`);
    assert.is(manifest.license, 'MIT');
    assert.equal(manifest.repository, {
      type: 'git',
      url: 'git+https://github.com/flagadmin/flagadmin.git',
      directory: `packages/${name}`,
    });
    assert.is(manifest.homepage, `https://github.com/flagadmin/flagadmin/tree/main/packages/${name}#readme`);
    assert.equal(manifest.bugs, { url: 'https://github.com/flagadmin/flagadmin/issues' });
  }
  assert.equal([...manifests.keys()].sort(), [...PACKAGES].sort(), 'one tarball per package');
});

test('one npm install of the tarballs into a fresh project outside the workspace', async () => {
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'flagadmin-consumer', version: '1.0.0', private: true }));
  const files = readdirSync(tarballs).map((f) => join(tarballs, f));
  ok(await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...files], app), 'npm install');
  for (const name of PACKAGES) {
    const installed = JSON.parse(readFileSync(join(app, 'node_modules', '@flagadmin', name, 'package.json'), 'utf8'));
    assert.is(installed.version, manifests.get(name)!.version, `@flagadmin/${name} installed from its tarball`);
  }
});

test('the installed packages work by import and by require(): a server on memory storage answers a keyed request', async () => {
  const secret = randomSecret();
  const names = JSON.stringify(PACKAGES.map((n) => `@flagadmin/${n}`));
  writeFileSync(
    join(app, 'check.mjs'),
    `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const names = ${names};
const shapes = {};
for (const name of names) {
  const esm = await import(name);
  const cjs = require(name);
  shapes[name] = { esm: Object.keys(esm).length, cjs: Object.keys(cjs).length, where: require.resolve(name) };
}
const { startServer } = await import('@flagadmin/server');
const { memoryStorage } = require('@flagadmin/storage-memory');
const server = await startServer({ storage: memoryStorage(), port: 0, demo: false, initAdminTokens: [${JSON.stringify(secret)}] });
try {
  const response = await fetch(server.url + '/api/admin/projects', { headers: { authorization: ${JSON.stringify(secret)} } });
  const body = await response.json();
  console.log(JSON.stringify({ shapes, status: response.status, projects: body.projects.map((p) => p.id) }));
} finally {
  await server.close();
}
`,
  );
  const result = JSON.parse(ok(await run(process.execPath, ['check.mjs'], app), 'node check.mjs').stdout);
  for (const name of PACKAGES) {
    const shape = result.shapes[`@flagadmin/${name}`];
    assert.ok(shape.esm > 0 && shape.esm === shape.cjs, `@flagadmin/${name}: the same exports by import and require`);
    assert.ok(shape.where.startsWith(join(app, 'node_modules')), `@flagadmin/${name} resolved inside the fresh project`);
  }
  assert.is(result.status, 200);
  assert.equal(result.projects, ['default']);
});

test('the installed bin runs', async () => {
  const result = ok(await run(join(app, 'node_modules', '.bin', 'flagadmin'), ['--help'], app), 'flagadmin --help');
  assert.match(result.stdout, /Usage: flagadmin/);
});

test('tsc with moduleResolution node16 accepts every package from an ES module and from a CommonJS module', async () => {
  const imports = PACKAGES.map((n, i) => `import * as p${i} from '@flagadmin/${n}';`).join('\n');
  const uses = `export const all = [${PACKAGES.map((_, i) => `p${i}`).join(', ')}];\n`;
  const typed = `import type { Storage } from '@flagadmin/core';\nexport type S = Storage;\n`;
  writeFileSync(join(app, 'esm.mts'), `${imports}\n${typed}${uses}`);
  writeFileSync(join(app, 'cjs.cts'), `${imports}\n${typed}${uses}`);
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'node16',
        moduleResolution: 'node16',
        target: 'ES2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        lib: ['ES2023', 'DOM'],
        // @types/node from the workspace: the fresh project needs no second registry install for it.
        typeRoots: [join(REPO_ROOT, 'node_modules', '@types')],
        types: ['node'],
      },
      files: ['esm.mts', 'cjs.cts'],
    }),
  );
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], app);
  assert.is(result.code, 0, `tsc reported errors:\n${result.stdout}${result.stderr}`);
});

test.run();
