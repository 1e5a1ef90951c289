// The bin delivers to integrations against real receivers on 127.0.0.1 started here: one that holds its
// answer (a write is answered while it holds: the PATCH's 2xx is seen before the receiver answers), one that
// errors then succeeds, one that resets the connection, one that is down then comes back. Every event reaches
// every receiver, in order, taken (answered 2xx) once per idempotency key; a kill -9 of the bin while a
// request is held open, then a restart, loses nothing. No secret of an integration shows in any answer,
// event or log line. Every wait is for the receiver or the bin to show the fact.
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseConfig } from '@flagadmin/server';
import {
  BIN_FROM_SOURCE,
  jsonLines,
  killAll,
  listeningUrl,
  randomSecret,
  REPO_ROOT,
  runToEnd,
  scratchDirs,
  spawnNode,
  type Child,
} from './helpers/bin';
import { gate, startReceiver, TEST_SECRETS_KEY, type Receiver } from './helpers/integration-receiver';

const test = suite('integrations delivered by the bin');
const KEY = randomSecret();
const dirs = scratchDirs();
const SECRETS = ['receiver-key-in-url', 'Bearer integration-auth-secret', 'integration-signing-secret', 'header-secret-value'];
const EVENTS = ['feature-created', 'feature-metadata-updated'];

let dataDir: string;
let bin: { child: Child; url: string };
/** Every bin's output, the killed one's too. */
const outputs: Child[] = [];
const answers: string[] = [];
let slowGate = gate();
let slow: Receiver;
let erroring: Receiver;
let resetting: Receiver;
let downThenBack: Receiver;
const ids = new Map<Receiver, number>();
/** The flags created, in order; each makes one event every receiver wants, plus the PATCH's. */
const expected: string[] = [];

async function startBinOnData(): Promise<void> {
  const child = spawnNode([...BIN_FROM_SOURCE, '--port', '0', '--no-demo', '--data', dataDir], {
    env: { LOG_LEVEL: 'debug', INIT_ADMIN_API_TOKENS: KEY, FLAGADMIN_SECRETS_KEY: TEST_SECRETS_KEY },
  });
  outputs.push(child);
  bin = { child, url: (await listeningUrl(child)).replace(/\/$/, '') };
}

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${bin.url}${path}`, {
    method,
    headers: { authorization: KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  answers.push(text);
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

async function createFlag(name: string): Promise<void> {
  const { status } = await call('POST', '/api/admin/projects/default/features', { name });
  assert.is(status, 201);
  expected.push(`feature-created:${name}`);
}

/** The event (type:flag) of each request's body, in arrival order. */
const arrivals = (r: Receiver) =>
  r.requests.map((q) => {
    const event = JSON.parse(q.body);
    return `${event.type}:${event.featureName}`;
  });

/** Each receiver's requests when the bin was killed: the last of them may have been taken and not recorded. */
const atKill = new Map<Receiver, number>();

/**
 * Every expected event taken exactly once, in the expected order, whatever was tried before. The one
 * exception is the documented at-least-once: the request a receiver had when the bin was killed may have
 * been taken without the bin recording it, and is then taken again after the restart, with the same key.
 */
function assertDelivered(r: Receiver, name: string): void {
  const killed = atKill.get(r);
  const inFlight = killed ? r.requests[killed - 1]?.headers['idempotency-key'] : undefined;
  for (const [key, requests] of r.taken()) {
    assert.is(requests.length, key === inFlight ? Math.min(requests.length, 2) : 1, `${name}: ${key} taken ${requests.length} times`);
  }
  const taken = r.requests
    .filter((q) => typeof q.answered === 'number' && q.answered < 300)
    .map((q) => {
      const event = JSON.parse(q.body);
      return `${event.type}:${event.featureName}`;
    });
  const takenInOrder = taken.filter((e, i) => taken.indexOf(e) === i);
  assert.equal(takenInOrder, expected, `${name}: every event taken, in order`);
  // Order kept: a later event is sent only once the one before was taken.
  const seen = arrivals(r);
  const firsts = seen.filter((e, i) => seen.indexOf(e) === i);
  assert.equal(firsts, expected, `${name}: first attempts in order`);
}

const allTaken = (r: Receiver) => r.until(() => r.taken().size === expected.length);

test.before(async () => {
  dataDir = dirs.make();
  slow = await startReceiver(async () => {
    await slowGate.opened;
    return 200;
  });
  erroring = await startReceiver((n) => (n % 3 === 1 ? 503 : 200));
  resetting = await startReceiver((n) => (n % 2 === 1 ? 'reset' : 200));
  downThenBack = await startReceiver();
  await downThenBack.down();
  await startBinOnData();
  for (const r of [slow, erroring, resetting, downThenBack]) {
    const { status, json } = await call('POST', '/api/admin/addons', {
      provider: 'webhook',
      enabled: true,
      parameters: {
        url: r.url,
        authorization: SECRETS[1],
        signingSecret: SECRETS[2],
        customHeaders: JSON.stringify({ 'X-Receiver-Key': SECRETS[3] }),
      },
      events: EVENTS,
    });
    assert.is(status, 201);
    ids.set(r, json.id);
  }
});

test.after(async () => {
  slowGate.open();
  await killAll();
  for (const r of [slow, erroring, resetting, downThenBack]) await r?.close();
  dirs.removeAll();
});

test('a write is answered while a receiver holds its answer', async () => {
  await createFlag('first');
  await slow.until((q) => q.length === 1);
  const { status } = await call('PATCH', '/api/admin/projects/default/features/first', [
    { op: 'replace', path: '/description', value: 'changed while the receiver holds' },
  ]);
  assert.is(status, 200);
  expected.push('feature-metadata-updated:first');
  assert.is(slow.requests[0]!.answered, undefined, 'the receiver still holds its first request');
  slowGate.open();
  await allTaken(slow);
  assertDelivered(slow, 'slow');
});

test('erroring, resetting, and down-then-back receivers get every event once, in order', async () => {
  for (const name of ['second', 'third']) await createFlag(name);
  // The receiver that is down is tried and fails (the bin says so) before it comes back.
  await bin.child.waitFor(new RegExp(`"integrationId":${ids.get(downThenBack)},[^\\n]*integration delivery failed`));
  await downThenBack.up();
  for (const r of [erroring, resetting, downThenBack, slow]) await allTaken(r);
  assert.ok(
    erroring.requests.some((q) => q.answered === 503),
    'the erroring receiver answered errors',
  );
  assert.ok(
    resetting.requests.some((q) => q.answered === 'reset'),
    'the resetting receiver reset connections',
  );
  assertDelivered(erroring, 'erroring');
  assertDelivered(resetting, 'resetting');
  assertDelivered(downThenBack, 'down then back');
  assertDelivered(slow, 'slow');
  const keys = [...erroring.requests.map((q) => q.headers['idempotency-key'])];
  assert.ok(keys.length > new Set(keys).size, 'retries carried the same idempotency key');
});

test('kill -9 of the bin while a request is held open, then a restart: nothing lost', async () => {
  slowGate = gate();
  const before = slow.requests.length;
  await createFlag('held-at-kill');
  await slow.until((q) => q.length > before);
  await createFlag('after-kill');
  bin.child.process.kill('SIGKILL');
  await bin.child.exited();
  for (const r of [slow, erroring, resetting, downThenBack]) atKill.set(r, r.requests.length);
  slowGate.open();
  await startBinOnData();
  await createFlag('after-restart');
  for (const r of [slow, erroring, resetting, downThenBack]) await allTaken(r);
  for (const [r, name] of [
    [slow, 'slow'],
    [erroring, 'erroring'],
    [resetting, 'resetting'],
    [downThenBack, 'down then back'],
  ] as const)
    assertDelivered(r, name);
  const held = slow.requests.filter((q) => JSON.parse(q.body).featureName === 'held-at-kill');
  assert.ok(held.length >= 2, 'the request held at the kill was sent again after the restart');
  assert.is(held[0]!.headers['idempotency-key'], held.at(-1)!.headers['idempotency-key'], 'with the same idempotency key');
});

test('no secret of an integration in any answer, event, log line or byte of the data directory', async () => {
  for (const r of [slow, erroring]) {
    await call('GET', `/api/admin/addons/${ids.get(r)}`);
    await call('GET', `/api/admin/addons/${ids.get(r)}/events`);
  }
  await call('GET', '/api/admin/addons');
  await call('GET', '/api/admin/events');
  const outcomes = await call('GET', `/api/admin/addons/${ids.get(slow)}/events`);
  assert.ok(outcomes.json.integrationEvents.length > 0, 'the outcomes are there to look at');
  const everything = [...answers, ...outputs.flatMap((c) => [c.stdout, c.stderr])].join('\n');
  assert.ok(everything.includes('integration event delivered'), 'the logs were read');
  for (const secret of SECRETS) assert.not.ok(everything.includes(secret), `${secret} shows`);
  const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  assert.ok(files.length >= 3, 'the data directory was read');
  const stored = files.map((e) => readFileSync(join(e.parentPath, e.name)).toString('latin1')).join('\n');
  assert.ok(stored.includes('flagadmin-sealed:v1:'), 'the integrations are stored');
  for (const secret of SECRETS) assert.not.ok(stored.includes(secret), `${secret} stored in clear`);
  // The receivers did get them.
  const first = slow.requests[0]!;
  assert.ok(first.headers['authorization'] === SECRETS[1] && first.headers['x-receiver-key'] === SECRETS[3]);
});

test('switched off by --no-integrations or FLAGADMIN_INTEGRATIONS=off; the lease and retry time from flags or environment', async () => {
  const config = (argv: string[], env: Record<string, string> = {}) => {
    const parsed = parseConfig(argv, env);
    if (!('config' in parsed)) throw new Error('no config');
    return parsed.config.integrations;
  };
  assert.equal(config([]), { leaseMs: 30_000, giveUpAfterMs: 600_000 });
  assert.is(config(['--no-integrations']), false);
  assert.is(config([], { FLAGADMIN_INTEGRATIONS: 'off' }), false);
  assert.equal(config(['--integrations-lease', '5000'], { FLAGADMIN_INTEGRATIONS_GIVE_UP_MS: '60000' }), {
    leaseMs: 5000,
    giveUpAfterMs: 60_000,
  });
  assert.throws(() => config([], { FLAGADMIN_INTEGRATIONS: 'sometimes' }), /FLAGADMIN_INTEGRATIONS must be on or off/);
  assert.throws(() => config(['--integrations-lease', '10']), /--integrations-lease must be an integer from 100/);
  // The bin says which it does.
  const child = spawnNode([...BIN_FROM_SOURCE, '--port', '0', '--no-demo', '--data', dirs.make()], {
    env: { LOG_LEVEL: 'info', INIT_ADMIN_API_TOKENS: KEY, FLAGADMIN_INTEGRATIONS: 'off' },
  });
  await listeningUrl(child);
  await child.stop();
  const messages = jsonLines(child.stdout).map((l) => l['msg']);
  assert.ok(messages.includes('integrations: this process delivers no events (switched off)'));
  assert.not.ok(messages.includes('integrations: this process delivers events'));
  assert.ok(
    jsonLines(outputs[0]!.stdout).some((l) => l['msg'] === 'integrations: this process delivers events' && l['soleProcess'] === true),
    'the bins above delivered, as the only process on their data directory',
  );
});

test('the secrets key: a bad one exits 2 before anything opens; from a file; without one, the demo keys its first run only', async () => {
  const config = (argv: string[], env: Record<string, string> = {}) => {
    const parsed = parseConfig(argv, env, REPO_ROOT);
    if (!('config' in parsed)) throw new Error('no config');
    return parsed.config.secrets;
  };
  const previous = Buffer.alloc(32, 1).toString('base64url');
  assert.equal(config([], { FLAGADMIN_SECRETS_KEY: TEST_SECRETS_KEY, FLAGADMIN_SECRETS_PREVIOUS_KEYS: ` ${previous} ,` }), {
    key: TEST_SECRETS_KEY,
    previousKeys: [previous],
  });
  const keyFile = join(dirs.make(), 'secrets-key');
  writeFileSync(keyFile, `${TEST_SECRETS_KEY}\n`);
  chmodSync(keyFile, 0o600);
  assert.equal(config(['--secrets-key-file', keyFile]), { key: TEST_SECRETS_KEY, previousKeys: [] });
  const warnings = (argv: string[]) => {
    const parsed = parseConfig(argv, {}, REPO_ROOT);
    return 'warnings' in parsed ? parsed.warnings.filter((w) => w.includes('secrets key file')) : [];
  };
  assert.equal(warnings(['--secrets-key-file', keyFile]), [], 'mode 0600: no warning');
  chmodSync(keyFile, 0o644);
  assert.equal(warnings(['--secrets-key-file', keyFile]), [
    `the secrets key file ${keyFile} may be read by other users (mode 644): chmod 600 it`,
  ]);
  assert.is(config([]), undefined);
  assert.throws(() => config([], { FLAGADMIN_SECRETS_KEY: 'short' }), /FLAGADMIN_SECRETS_KEY must be 32 random bytes in base64/);
  assert.throws(() => config([], { FLAGADMIN_SECRETS_KEY: TEST_SECRETS_KEY, FLAGADMIN_SECRETS_KEY_FILE: keyFile }), /both given/);
  assert.throws(() => config(['--secrets-key-file', `${keyFile}.missing`]), /--secrets-key-file: cannot read .* \(ENOENT\)/);
  assert.throws(() => config([], { FLAGADMIN_SECRETS_PREVIOUS_KEYS: previous }), /without FLAGADMIN_SECRETS_KEY/);
  // The bin: exit 2, and the data directory was never made.
  const unopened = join(dirs.make(), 'never-opened');
  const bad = await runToEnd(process.execPath, [...BIN_FROM_SOURCE, '--port', '0', '--data', unopened], {
    env: { FLAGADMIN_SECRETS_KEY: 'not-a-key' },
  });
  assert.is(bad.code, 2, bad.stderr);
  assert.match(bad.stderr, /FLAGADMIN_SECRETS_KEY must be 32 random bytes in base64/);
  assert.not.ok(existsSync(unopened), 'nothing opened');
  // No key: the demo's first start seals with a key for this run only, and says so; a start with data has none.
  const demoDir = dirs.make();
  const demo = spawnNode([...BIN_FROM_SOURCE, '--port', '0', '--data', demoDir], { env: { INIT_ADMIN_API_TOKENS: KEY } });
  const demoUrl = (await listeningUrl(demo)).replace(/\/$/, '');
  await demo.waitFor(/sealed with a key made for this run only/);
  const addon = { provider: 'webhook', parameters: { url: 'http://127.0.0.1:9/hook?key=demo-run-secret' }, events: EVENTS };
  const post = (base: string) =>
    fetch(`${base}/api/admin/addons`, {
      method: 'POST',
      headers: { authorization: KEY, 'content-type': 'application/json' },
      body: JSON.stringify(addon),
    });
  assert.is((await post(demoUrl)).status, 201);
  await demo.stop();
  const again = spawnNode([...BIN_FROM_SOURCE, '--port', '0', '--data', demoDir], { env: { INIT_ADMIN_API_TOKENS: KEY } });
  const againUrl = (await listeningUrl(again)).replace(/\/$/, '');
  await again.waitFor(/No secrets key: integrations with secrets \(URLs, tokens\) are refused/);
  const refused = await post(againUrl);
  assert.is(refused.status, 400);
  assert.match((await refused.json()).message, /FLAGADMIN_SECRETS_KEY/);
  await again.stop();
});

test.run();
