#!/usr/bin/env node
// Runs every uvu test file in its own Node process (TypeScript through tsx, workspace packages from
// source via the `source` export condition), prints each file's output, then one closing line
// `N passed, N failed`. Exits 1 on any failure, on a file that dies without a uvu summary, or on timeout.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 180_000);
const JOBS = Number(process.env.TEST_JOBS ?? 2);
const filter = process.argv.slice(2);

function find(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) find(path, out);
    else if (/\.test\.ts$/.test(name)) out.push(path);
  }
  return out;
}

const files = [...find(join(root, 'packages')), ...find(join(root, 'examples')), ...find(join(root, 'test'))]
  .filter((f) => filter.length === 0 || filter.some((word) => f.includes(word)))
  .sort();

function runFile(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, FILE_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? NaN);
      const passed = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? NaN);
      const skipped = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0);
      let result;
      if (Number.isNaN(total) || Number.isNaN(passed)) result = { passed: 0, failed: 1 };
      else result = { passed, failed: total - passed - skipped };
      if (timedOut || code !== 0) result.failed = Math.max(result.failed, 1);
      resolve({ file, output, code, timedOut, ms: Date.now() - started, ...result });
    });
  });
}

let passed = 0;
let failed = 0;
const queue = [...files];
const failures = [];
async function worker() {
  while (queue.length) {
    const file = queue.shift();
    const r = await runFile(file);
    const name = relative(root, r.file);
    process.stdout.write(`\n# ${name} (${r.ms} ms)${r.timedOut ? ' TIMED OUT' : ''}\n${r.output}`);
    passed += r.passed;
    failed += r.failed;
    if (r.failed) failures.push(name);
  }
}
await Promise.all(Array.from({ length: Math.max(1, JOBS) }, worker));
if (files.length === 0) {
  console.log('no test files found');
  failed++;
}
if (failures.length) console.log(`\nfailing files:\n  ${failures.join('\n  ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
