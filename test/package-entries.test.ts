// The public entries as a promise (STYLE.md): @flagadmin/core's main entry stays small (what an embedder
// calls), the operations unbound sit behind `@flagadmin/core/operations`, and every package of packages/*
// is published cleanly: publint on its packed tarball, and attw (Are the Types Wrong?) resolving every
// entry under node10, node16 from CJS, node16 from ESM and bundler.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as sourceEntry from '@flagadmin/core';
import * as sourceOperations from '@flagadmin/core/operations';
import { memoryStorage } from '@flagadmin/storage-memory';
import { removeDir, REPO_ROOT, runToEnd, tempDir, type Ran } from './helpers/bin';
import { pnpmPath } from './helpers/pnpm';

const test = suite('package entries');

/** The most runtime names @flagadmin/core's main entry may export (types are free). */
const MAX_MAIN_EXPORTS = 35;

const CORE = join(REPO_ROOT, 'packages', 'core');
const PACKAGES = readdirSync(join(REPO_ROOT, 'packages'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(REPO_ROOT, 'packages', d.name, 'package.json')))
  .map((d) => d.name);
const require = createRequire(import.meta.url);
const work = tempDir('flagadmin-entries-');
const tarballs = join(work, 'tarballs');
/** Package directory name -> its packed tarball. */
const packed = new Map<string, string>();

test.after(() => removeDir(work));

/** Runs a program to its end; a hang guard of 2 minutes, never a speed check. */
const run = (command: string, args: readonly string[], cwd = REPO_ROOT) => runToEnd(command, args, { cwd, guardMs: 120_000 });

function ok(result: Ran, what: string): Ran {
  assert.is(result.code, 0, `${what} exited ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`);
  return result;
}

/** The names a module exports, without the interop ones CJS adds. */
const names = (module: object): string[] =>
  Object.keys(module)
    .filter((k) => k !== 'default' && k !== '__esModule')
    .sort();

test.before(async () => {
  // The same script `pnpm test` runs first: rebuilds a package whose src/ is newer than its dist/.
  ok(await run(process.execPath, [join(REPO_ROOT, 'test', 'build-if-stale.mjs')]), 'build-if-stale');
});

test(`@flagadmin/core's built main entry exports at most ${MAX_MAIN_EXPORTS} runtime names, the same by import and require`, async () => {
  const esm = await import(pathToFileURL(join(CORE, 'dist', 'index.js')).href);
  const cjs = require(join(CORE, 'dist', 'index.cjs'));
  assert.equal(names(esm), names(sourceEntry), 'the built entry exports what src/index.ts does (dist is current)');
  assert.equal(names(cjs), names(esm), 'the same names by require()');
  assert.ok(names(esm).length <= MAX_MAIN_EXPORTS, `${names(esm).length} runtime exports: ${names(esm).join(', ')}`);
  for (const name of [
    'createFlagadmin',
    'createAdmin',
    'createContext',
    'createHandler',
    'SYSTEM_PRINCIPAL',
    'AdminError',
    'COLLECTIONS',
  ]) {
    assert.ok(name in esm, `the main entry exports ${name}`);
  }
  for (const name of ['patchFeature', 'listEvents', 'CHANGE_REQUEST_OPERATIONS', 'FLAG_CONFIG_OPERATIONS', 'FLAG_CONFIG_ROUTES']) {
    assert.not.ok(name in esm, `${name} is not in the main entry`);
  }
});

test('@flagadmin/core/operations: every operation createAdmin binds, unbound, by import and require of the built files', async () => {
  const esm = await import(pathToFileURL(join(CORE, 'dist', 'operations.js')).href);
  const cjs = require(join(CORE, 'dist', 'operations.cjs'));
  assert.equal(names(esm), names(sourceOperations), 'the built subpath exports what src/operations.ts does');
  assert.equal(names(cjs), names(esm), 'the same names by require()');
  const admin = sourceEntry.createAdmin({ storage: memoryStorage() });
  for (const name of Object.keys(admin).filter((k) => k !== 'context')) {
    assert.is(typeof esm[name], 'function', `import: ${name}`);
    assert.is(typeof cjs[name], 'function', `require: ${name}`);
  }
  for (const name of ['CHANGE_REQUEST_OPERATIONS', 'FLAG_CONFIG_OPERATIONS', 'FLAG_CONFIG_ROUTES'])
    assert.ok(name in esm, `the subpath exports ${name}`);
  const main = await import(pathToFileURL(join(CORE, 'dist', 'index.js')).href);
  const shared = names(main).filter((name) => name in esm);
  assert.equal(shared, [], 'no runtime name is in both entries');
});

test('the two built entries share one AdminError class: an operation of the subpath throws what the main entry catches', async () => {
  const pairs = [
    [
      await import(pathToFileURL(join(CORE, 'dist', 'index.js')).href),
      await import(pathToFileURL(join(CORE, 'dist', 'operations.js')).href),
      'import',
    ],
    [require(join(CORE, 'dist', 'index.cjs')), require(join(CORE, 'dist', 'operations.cjs')), 'require'],
  ] as const;
  for (const [main, operations, how] of pairs) {
    const ctx = main.createContext({ storage: memoryStorage() });
    const error = await operations.getFeature(ctx, main.SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'missing' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof main.AdminError, `${how}: the error is the main entry's AdminError`);
    assert.is((error as { name: string }).name, 'NotFoundError');
  }
});

test('pnpm pack of every package', async () => {
  mkdirSync(tarballs, { recursive: true });
  for (const name of PACKAGES) {
    const dir = join(tarballs, name);
    mkdirSync(dir);
    ok(
      await run(process.execPath, [pnpmPath(), 'pack', '--pack-destination', dir], join(REPO_ROOT, 'packages', name)),
      `pnpm pack ${name}`,
    );
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
    assert.ok(file, `${name}: a tarball`);
    packed.set(name, join(dir, file!));
  }
});

test('publint: no error and no warning in any packed package', async () => {
  assert.is(packed.size, PACKAGES.length, 'every package packed');
  for (const [name, file] of packed) {
    const bytes = readFileSync(file);
    const tarball = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const { messages, pkg } = await publint({ pack: { tarball }, level: 'warning', strict: true });
    const found = messages.map((m) => `${m.type} ${m.code}: ${formatMessage(m, pkg) ?? ''}`);
    assert.equal(found, [], `publint @flagadmin/${name}:\n${found.join('\n')}`);
  }
});

test('attw: every entry of every packed package resolves to types and JavaScript under node10, node16 (CJS, ESM) and bundler', async () => {
  assert.is(packed.size, PACKAGES.length, 'every package packed');
  const cli = join(REPO_ROOT, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
  for (const [name, file] of packed) {
    const result = await run(process.execPath, [cli, file, '--format', 'json', '--profile', 'strict', '--no-definitely-typed']);
    const report = JSON.parse(result.stdout);
    const problems = report.problems ?? {};
    assert.equal(problems, Array.isArray(problems) ? [] : {}, `attw @flagadmin/${name}: ${JSON.stringify(problems, null, 2)}`);
    assert.is(result.code, 0, `attw @flagadmin/${name} exited ${result.code}\n${result.stderr}`);
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'packages', name, 'package.json'), 'utf8'));
    const subpaths = Object.keys(manifest.exports).filter((s) => s !== './package.json');
    for (const subpath of subpaths) {
      const entry = report.analysis.entrypoints[subpath];
      assert.ok(entry, `attw @flagadmin/${name} checked ${subpath}`);
      assert.equal(
        Object.keys(entry.resolutions).sort(),
        ['bundler', 'node10', 'node16-cjs', 'node16-esm'],
        `${name} ${subpath}: every resolution mode`,
      );
    }
  }
});

test.run();
