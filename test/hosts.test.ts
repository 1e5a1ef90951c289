// The fetch-handler example (`export default { fetch }`, examples/fetch-handler/src/app.ts) served by each
// host the README names besides Node: workerd (Cloudflare Workers' runtime, through miniflare), Deno
// (`deno serve`) and Bun (`bun run`), each from the binary its npm package ships. On each, over real HTTP
// on 127.0.0.1: the admin page and one of its assets, then create a project and a feature, PATCH it,
// read the events. The hosts resolve the
// @flagadmin packages as published (dist/, which `pnpm test` builds first), not from the TypeScript sources.
// workerd refuses code generation from strings while it handles a request (not while a module loads), so
// the last test runs the example on Node with code generation refused at all times: core compiles nothing.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createThenRoundTrip } from './helpers/admin-round-trip';
import { killAll, randomSecret, REPO_ROOT, spawnCommand, spawnNode, type Child } from './helpers/bin';

const test = suite('hosts');
const EXAMPLE = join(REPO_ROOT, 'examples', 'fetch-handler');
const require = createRequire(import.meta.url);

test.after(killAll);

/** The binary an npm package's install script put in place (`pnpm install` runs it). */
function shippedBinary(pkg: string, file: string): string {
  const path = join(dirname(require.resolve(`${pkg}/package.json`)), file);
  assert.ok(existsSync(path), `${path} is missing: \`pnpm install\` puts it there (its install script must be allowed)`);
  return path;
}

/** The admin page (@flagadmin/ui) at `/`, and the script it names, served as the bin serves them. */
async function assertPageServed(origin: string): Promise<void> {
  const page = await fetch(`${origin}/`);
  assert.is(page.status, 200);
  assert.match(page.headers.get('content-type')!, /^text\/html/);
  const script = /<script[^>]+src="\.?\/?(assets\/[^"]+\.js)"/.exec(await page.text());
  assert.ok(script, 'the page names its script');
  const asset = await fetch(`${origin}/${script![1]}`);
  assert.is(asset.status, 200);
  assert.match(asset.headers.get('content-type')!, /javascript/);
  assert.ok((await asset.arrayBuffer()).byteLength > 1000);
}

/** The page, then the admin round trip on the example served at `origin`. */
async function pageAndRoundTrip(origin: string, key: string, projectId: string, featureName: string): Promise<void> {
  await assertPageServed(origin);
  await createThenRoundTrip(origin, key, projectId, featureName);
}

/** The example as a host spawns it: the port of the listening line it prints, and the checks on 127.0.0.1. */
async function roundTripOn(child: Child, listening: { stream: 'stdout' | 'stderr'; line: RegExp }, key: string): Promise<void> {
  try {
    const match = listening.stream === 'stdout' ? await child.waitFor(listening.line) : await child.waitForStderr(listening.line);
    const port = match[1]!;
    await pageAndRoundTrip(`http://127.0.0.1:${port}`, key, 'on-host', 'host-flag');
  } finally {
    await child.kill();
  }
}

test('workerd (miniflare): the example bundled as a Worker, its key from a binding', async () => {
  const bundle = await build({
    entryPoints: [join(EXAMPLE, 'src', 'app.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    // As wrangler bundles: packages with only a `main` field (the evaluation engine's ip-address) resolve too.
    mainFields: ['browser', 'module', 'main'],
    write: false,
    logLevel: 'silent',
  });
  const key = randomSecret();
  const worker = new Miniflare({
    modules: true,
    script: bundle.outputFiles[0]!.text,
    compatibilityDate: '2026-04-01',
    bindings: { INIT_ADMIN_API_TOKENS: key },
    host: '127.0.0.1',
    port: 0,
  });
  try {
    const url = await worker.ready;
    assert.is(url.hostname, '127.0.0.1');
    await pageAndRoundTrip(url.origin, key, 'on-workerd', 'worker-flag');
  } finally {
    await worker.dispose();
  }
});

test('Deno: `deno serve src/app.ts`, its key from the environment', async () => {
  const key = randomSecret();
  const deno = spawnCommand(
    shippedBinary('deno', 'deno'),
    ['serve', '--host', '127.0.0.1', '--port', '0', '--allow-env=INIT_ADMIN_API_TOKENS', 'src/app.ts'],
    { cwd: EXAMPLE, env: { INIT_ADMIN_API_TOKENS: key, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' } },
  );
  await roundTripOn(deno, { stream: 'stderr', line: /Listening on \S*http:\/\/127\.0\.0\.1:(\d+)/ }, key);
});

test('Bun: `bun run src/app.ts`, its key from the environment', async () => {
  const key = randomSecret();
  const bun = spawnCommand(shippedBinary('bun', 'bin/bun.exe'), ['run', 'src/app.ts'], {
    cwd: EXAMPLE,
    env: { INIT_ADMIN_API_TOKENS: key, PORT: '0', NO_COLOR: '1' },
  });
  await roundTripOn(bun, { stream: 'stdout', line: /server: http:\/\/\S+:(\d+)/ }, key);
});

test("Node with code generation from strings refused: the example's start command, from the sources", async () => {
  const key = randomSecret();
  const node = spawnNode(['--disallow-code-generation-from-strings', '--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: EXAMPLE,
    env: { INIT_ADMIN_API_TOKENS: key, PORT: '0' },
  });
  await roundTripOn(node, { stream: 'stdout', line: /listening on http:\/\/127\.0\.0\.1:(\d+)/ }, key);
});

test.run();
