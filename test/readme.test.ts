// The root README's code, run as written: the curl lines against the spawned bin with the key it
// printed, the "Embed it" module in a fresh directory, and the SDK snippet against the bin with a client
// key. Only placeholders (the key, the port) are filled in, so the README cannot drift from what works.
// Also its shape: the two commands first, one Performance table, and links that lead somewhere.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import { SYSTEM_PRINCIPAL, createAdmin } from '@flagadmin/core';
import { demoKey, killAll, randomSecret, removeDir, REPO_ROOT, spawnNode, startBin, tempDir } from './helpers/bin';

const test = suite('README code');
const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const dirs: string[] = [];
// Modules that import workspace packages must live inside the repository to resolve them.
const scratch = join(REPO_ROOT, '.tmp');

test.after(async () => {
  await killAll();
  dirs.forEach(removeDir);
});

/** The first fenced block of `lang` in the section under the `## heading` starting with `heading`. */
function block(heading: string, lang: string): string {
  const start = README.indexOf(`\n## ${heading}`);
  assert.ok(start >= 0, `README has a "## ${heading}" section`);
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end < 0 ? undefined : end);
  const match = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(section);
  assert.ok(match, `"## ${heading}" has a ${lang} block`);
  return match![1]!;
}

/** Replaces `from` once, failing when the README no longer has exactly one of it. */
function fill(code: string, from: string, to: string): string {
  assert.is(code.split(from).length - 1, 1, `the block has exactly one ${JSON.stringify(from)}`);
  return code.replace(from, to);
}

test('begins with the two commands: start the server with demo data, run every test', () => {
  const blocks = [...README.slice(0, README.indexOf('\n## ')).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.equal(blocks, ['npx -y pnpm@10 install && npx -y pnpm@10 start\n', 'npx -y pnpm@10 install && npx -y pnpm@10 test\n']);
});

test('Performance: one table of the latest run, the history in bench/README.md; relative links lead to files', () => {
  const start = README.indexOf('\n## Performance');
  assert.ok(start >= 0, 'README has a "## Performance" section');
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end < 0 ? undefined : end);
  assert.is(section.match(/^\| ?:?---/gm)?.length, 1, 'one table (a separator row, as written or as the formatter pads it)');
  assert.ok(section.includes('](bench/README.md)'), 'links the benchmarks and their history');
  for (const file of ['README.md', 'bench/README.md']) {
    const text = readFileSync(join(REPO_ROOT, file), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      assert.ok(existsSync(join(REPO_ROOT, dirname(file), target!)), `${file} links ${target}, which exists`);
    }
  }
});

test('"Try the five operations": every curl line answers 200 with the key the first start prints', async () => {
  const data = tempDir();
  dirs.push(data);
  const { child, url } = await startBin(['--port', '0', '--data', data]);
  const key = await demoKey(child);
  let script = block('Try the five operations', 'sh');
  script = fill(script, '<the printed key>', key);
  script = script.replaceAll('http://127.0.0.1:4242', url);
  // curl as a function printing each answer's status, one per line.
  const prelude = `set -e\ncurl() { command curl -sS -o /dev/null -w '%{http_code}\\n' "$@"; }\n`;
  const result = await new Promise<{ code: number | null; out: string }>((resolve) => {
    const sh = spawn('bash', ['-c', prelude + script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    sh.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    sh.on('close', (code) => resolve({ code, out }));
  });
  assert.is(result.code, 0);
  const statuses = result.out.trim().split('\n');
  assert.is(statuses.length, 6, 'six requests');
  assert.equal(statuses, Array(6).fill('200'));
  await child.stop();
});

test('"Embed it" runs as written: key, feature, patch, the mounted server and a clean shutdown', async () => {
  mkdirSync(scratch, { recursive: true });
  const cwd = tempDir('flagadmin-embed-');
  dirs.push(cwd);
  const file = join(scratch, `readme-embed-${process.pid}.ts`);
  writeFileSync(file, fill(block('Embed it', 'ts'), 'server.listen(8080,', 'server.listen(0,'));
  dirs.push(file);
  // tsx by its path: the module runs from a directory outside the workspace.
  const child = spawnNode(['--conditions=source', '--import', import.meta.resolve('tsx'), file], { cwd });
  const port = (await child.waitFor(/listening on .*port: (\d+)/))[1];
  assert.match(child.stdout, /^true "[^"]+"\n/, 'prints the patched stale flag and the ETag');
  const base = `http://127.0.0.1:${port}`;
  assert.is(await (await fetch(`${base}/`)).text(), 'my app');
  const health = await fetch(`${base}/admin/health`);
  assert.is(health.status, 200);
  assert.is((await fetch(`${base}/admin/api/admin/projects`)).status, 401, 'flagadmin under /admin, keyed');
  assert.equal(await child.stop('SIGTERM'), { code: 0, signal: null }, 'exits by itself once closed');

  // The storage was closed (its directory is free again) and holds what the snippet did.
  const storage = await lowdbStorage({ dir: join(cwd, 'flagadmin-data') });
  try {
    const admin = createAdmin({ storage });
    const { feature } = await admin.getFeature(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'new-checkout' });
    assert.is(feature.stale, true);
  } finally {
    await storage.close();
  }
});

test('"Point an Unleash SDK at flagadmin": the snippet reads a demo feature through the bin', async () => {
  const data = tempDir();
  dirs.push(data);
  const clientKey = randomSecret('*', 'development');
  const { url } = await startBin(['--port', '0', '--data', data], { INIT_CLIENT_API_TOKENS: clientKey });
  let code = block('Point an Unleash SDK at flagadmin', 'js');
  code = fill(code, "'*:development.<64 hex>'", JSON.stringify(clientKey));
  code = fill(code, 'http://127.0.0.1:4242/api/', `${url}/api/`);
  mkdirSync(scratch, { recursive: true });
  const file = join(scratch, `readme-sdk-${process.pid}.cjs`);
  writeFileSync(file, code);
  dirs.push(file);
  const sdk = spawnNode([file]);
  await sdk.waitFor(/^(true|false)$/m);
  assert.match(sdk.stdout, /^true$/m, 'the demo feature is enabled in development');
  await sdk.kill();
});

test.run();
