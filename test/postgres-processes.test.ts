// Three bins on one PostgreSQL database: demo data created once, 30 clients PATCHing one feature
// through all three without a lost update, reads fresh on every process right after a write another
// process acknowledged, and kill -9 of one process under load losing nothing acknowledged.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN_FROM_SOURCE, killAll, randomSecret, spawnNode, startBin, type Child } from './helpers/bin';
import { sql, startPostgres, type TestPostgres } from './helpers/postgres';

const test = suite('several processes on PostgreSQL');
const KEY = randomSecret();
const FEATURE = '/api/admin/projects/checkout/features/new-checkout-flow';
/** A hang guard for one request on a busy machine, never a speed check. */
const REQUEST_GUARD_MS = 60_000;

let server: TestPostgres;
let bins: { child: Child; url: string }[] = [];

test.before(async () => {
  server = await startPostgres();
  bins = await Promise.all([0, 1, 2].map(() => startBin(['--port', '0', '--database-url', server.url], { INIT_ADMIN_API_TOKENS: KEY })));
});

test.after(async () => {
  await killAll();
  await server?.stop();
});

async function call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(REQUEST_GUARD_MS),
  });
  return { status: response.status, json: await response.json() };
}

const describe = (base: string, description: string) =>
  call(base, 'PATCH', FEATURE, [{ op: 'replace', path: '/description', value: description }]);

/**
 * `clients` clients, each PATCHing `perClient` times through the processes in `alive()` in turn.
 * Returns the descriptions acknowledged with 200; a request a process could not answer is not one.
 */
async function load(
  prefix: string,
  clients: number,
  perClient: number,
  alive: () => string[],
  onAck?: (acked: number) => void,
): Promise<string[]> {
  const acked: string[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      for (let j = 0; j < perClient; j++) {
        const targets = alive();
        const description = `${prefix}-${i}-${j}`;
        const answer = await describe(targets[(i + j) % targets.length]!, description).catch(() => undefined);
        if (answer?.status === 200) {
          acked.push(description);
          onAck?.(acked.length);
        }
      }
    }),
  );
  return acked;
}

/** The feature's events (every event of its project that names it), oldest first, as the API gives them. */
async function featureEvents(base: string): Promise<{ id: number; data: any; preData: any }[]> {
  const { status, json } = await call(base, 'GET', '/api/admin/events?project=checkout');
  assert.is(status, 200);
  return (json.events as any[]).filter((e) => e.featureName === 'new-checkout-flow').sort((a, b) => a.id - b.id);
}

/** Each event's preData is the data of the event before it; every acknowledged write is there once; ids 1..n. */
async function assertChain(acked: string[]): Promise<void> {
  const all = await featureEvents(bins[0]!.url);
  // From this test's first PATCH on: the demo's SDK metrics changed lastSeenAt before it, without an event.
  const events = all.slice(all.findIndex((e) => /^(load|fresh|kill)-/.test(e.data?.description ?? '')));
  assert.ok(events.length >= acked.length, 'every acknowledged PATCH has its event');
  for (let k = 1; k < events.length; k++) {
    if (events[k]!.preData !== null && events[k]!.preData !== undefined) {
      assert.equal(events[k]!.preData, events[k - 1]!.data, `event ${events[k]!.id}: preData is the data of event ${events[k - 1]!.id}`);
    }
  }
  const descriptions = events.map((e) => e.data?.description);
  for (const d of acked) assert.is(descriptions.filter((x) => x === d).length, 1, `${d} is in the history once`);
  const ids = (await sql<{ id: string }>(server.url, 'SELECT id FROM flagadmin.events ORDER BY id')).map((r) => Number(r.id));
  assert.equal(
    ids,
    ids.map((_, i) => i + 1),
    'event ids are 1..n without gaps',
  );
}

test('the demo data is created once although three processes started together', async () => {
  const created = bins.filter((b) => /Demo data created/.test(b.child.stdout));
  assert.is(created.length, 1, 'one process seeded the demo');
  for (const { url } of bins) {
    const { status, json } = await call(url, 'GET', '/api/admin/projects');
    assert.is(status, 200);
    assert.equal((json.projects as { id: string }[]).map((p) => p.id).sort(), ['checkout', 'default', 'mobile', 'platform', 'search']);
  }
  const [row] = await sql<{ n: number }>(server.url, "SELECT count(*)::int AS n FROM flagadmin.features WHERE key = 'new-checkout-flow'");
  assert.is(row?.n, 1);
});

test('30 clients PATCHing one feature through three processes lose no update', async () => {
  const before = (await featureEvents(bins[0]!.url)).length;
  const acked = await load('load', 30, 4, () => bins.map((b) => b.url));
  assert.is(acked.length, 120, 'every PATCH answered 200');
  for (const { url } of bins) assert.is((await featureEvents(url)).length, before + 120, 'one event per update, on every process');
  await assertChain(acked);
});

test('every process reads a write another process acknowledged just before', async () => {
  for (let k = 0; k < 12; k++) {
    const writer = bins[k % 3]!;
    assert.is((await describe(writer.url, `fresh-${k}`)).status, 200);
    for (const reader of bins) {
      const { json } = await call(reader.url, 'GET', FEATURE);
      assert.is(json.description, `fresh-${k}`, `process ${bins.indexOf(reader)} after a write through process ${k % 3}`);
    }
  }
});

test('a key deleted through one process is refused by every process right after, though each had just accepted it', async () => {
  const created = await call(bins[0]!.url, 'POST', '/api/admin/api-tokens', { tokenName: 'short-lived', type: 'admin' });
  assert.is(created.status, 201);
  const { secret, id } = created.json as { secret: string; id: number };
  const asKey = (base: string) =>
    fetch(`${base}/api/admin/projects`, { headers: { authorization: secret }, signal: AbortSignal.timeout(REQUEST_GUARD_MS) });
  // Each process reads the key, and keeps it and the answer for the current revision.
  for (const { url } of bins) assert.is((await asKey(url)).status, 200);
  for (const { url } of bins) assert.is((await asKey(url)).status, 200);
  const deleted = await fetch(`${bins[1]!.url}/api/admin/api-tokens/${id}`, {
    method: 'DELETE',
    headers: { authorization: KEY },
    signal: AbortSignal.timeout(REQUEST_GUARD_MS),
  });
  assert.is(deleted.status, 200);
  for (const { url } of bins) assert.is((await asKey(url)).status, 401, `process ${bins.findIndex((b) => b.url === url)} after the delete`);
});

test('kill -9 of one process under load loses no acknowledged write; the others keep answering', async () => {
  const victim = bins[2]!;
  let killed = false;
  const alive = () => (killed ? bins.slice(0, 2) : bins).map((b) => b.url);
  const acked = await load('kill', 30, 4, alive, (n) => {
    if (n === 20 && !killed) {
      victim.child.process.kill('SIGKILL');
      killed = true;
    }
  });
  assert.ok(killed);
  await victim.child.exited();
  assert.ok(acked.length >= 80, `the two survivors answered the clients (${acked.length} acknowledged)`);
  await assertChain(acked);
  const last = await describe(bins[1]!.url, 'after-kill');
  assert.is(last.status, 200);
  assert.is((await call(bins[0]!.url, 'GET', FEATURE)).json.description, 'after-kill');
});

test('the database going away: 503 with the error envelope, no crash; answers again by itself once it is back', async () => {
  const [first, second] = bins;
  assert.is((await describe(first!.url, 'before-outage')).status, 200);
  await server.halt();
  for (const [method, answer] of [
    ['GET', await call(second!.url, 'GET', '/api/admin/projects')],
    ['PATCH', await describe(first!.url, 'during-outage')],
  ] as const) {
    assert.is(answer.status, 503, method);
    assert.is(answer.json.name, 'ServiceUnavailableError', method);
    assert.type(answer.json.id, 'string');
    assert.type(answer.json.message, 'string');
  }
  await server.resume();
  // A connection the restart broke fails one request more at most; no request waits for the database.
  let answer: { status: number; json: any } | undefined;
  for (let attempt = 0; attempt < 20 && answer?.status !== 200; attempt++) answer = await call(second!.url, 'GET', FEATURE);
  assert.is(answer?.status, 200);
  assert.is(answer?.json.description, 'before-outage');
  assert.is((await describe(first!.url, 'after-outage')).status, 200);
  assert.is((await call(second!.url, 'GET', FEATURE)).json.description, 'after-outage');
  assert.is(first!.child.process.exitCode, null, 'still running');
  assert.is(second!.child.process.exitCode, null, 'still running');
});

test('a bin refuses to start on a schema newer than it knows: exit 1, one clear line, the others unaffected', async () => {
  await sql(server.url, 'INSERT INTO flagadmin.migrations (version) VALUES ((SELECT max(version) + 1 FROM flagadmin.migrations))');
  const child = spawnNode([...BIN_FROM_SOURCE, '--port', '0', '--database-url', server.url], { env: { LOG_LEVEL: 'warn' } });
  assert.equal(await child.exited(), { code: 1, signal: null });
  assert.match(
    child.stderr,
    /flagadmin: start-up failed: The flagadmin schema "flagadmin" is at version \d+, newer than this flagadmin knows/,
  );
  assert.not.match(child.stdout + child.stderr, /listening on/);
  assert.is((await call(bins[0]!.url, 'GET', FEATURE)).status, 200, 'a running process keeps answering');
});

test.run();
