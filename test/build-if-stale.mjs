#!/usr/bin/env node
// Builds the packages whose dist/ is older than their sources, and only those: `pnpm install` already
// builds everything (the `prepare` script), so `pnpm test` right after it builds nothing, while a source
// edited since the last build is rebuilt before the tests run the built packages.
// A package counts as stale when any file under src/ (or its package.json, tsconfig.json) is newer
// than the oldest file in dist/, or dist/ is missing or empty.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packagesDir = join(root, 'packages');

function files(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files(path, out);
    else out.push(path);
  }
  return out;
}

const mtime = (path) => statSync(path).mtimeMs;

function isStale(dir) {
  const built = files(join(dir, 'dist'));
  if (built.length === 0) return true;
  const oldestBuilt = Math.min(...built.map(mtime));
  const inputs = [...files(join(dir, 'src')), join(dir, 'package.json'), join(dir, 'tsconfig.json')].filter((p) => existsSync(p));
  return inputs.some((p) => mtime(p) > oldestBuilt);
}

const stale = readdirSync(packagesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(packagesDir, d.name, 'package.json')))
  .map((d) => d.name)
  .filter((name) => isStale(join(packagesDir, name)));

if (stale.length === 0) {
  console.log('build: every package is up to date');
} else {
  console.log(`build: rebuilding ${stale.join(', ')}`);
  // pnpm runs the filtered packages in dependency order: the pnpm running `pnpm test`, else pnpm 10 via npx.
  const filters = stale.flatMap((name) => ['--filter', `./packages/${name}`]);
  const pnpm = process.env.npm_execpath?.includes('pnpm') ? [process.execPath, process.env.npm_execpath] : ['npx', '-y', 'pnpm@10'];
  const result = spawnSync(pnpm[0], [...pnpm.slice(1), '-r', ...filters, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}
