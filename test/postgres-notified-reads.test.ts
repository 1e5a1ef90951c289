// SDK-facing reads on PostgreSQL answer at the state a process learned of through commit notifications
// (no round trip while nothing changed): three bins on one database, a change made through one reaching
// the SDK routes of the others (the delay printed, never asserted), a listener connection cut and a commit
// made without a notification (both only delay), admin reads fresh across processes at once, the
// database restarted under SDK and admin traffic, and the connection budget refused at start.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FlagadminConnectionBudgetError, postgresStorage } from '@flagadmin/storage-postgres';
import { killAll, randomSecret, startBin, type Child } from './helpers/bin';
import { sql, startPostgres, type TestPostgres } from './helpers/postgres';
import { rejects } from './helpers/records';

const test = suite('SDK reads from commit notifications on PostgreSQL');
const ADMIN = randomSecret();
const CLIENT = randomSecret('*', 'development');
const FEATURE = '/api/admin/projects/checkout/features/new-checkout-flow';
/** A hang guard on a busy machine, never a speed check. */
const GUARD_MS = 60_000;

let server: TestPostgres;
let bins: { child: Child; url: string }[] = [];

test.before(async () => {
  server = await startPostgres();
  const env = { INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT };
  bins = await Promise.all([0, 1, 2].map(() => startBin(['--port', '0', '--database-url', server.url], env)));
});

test.after(async () => {
  await killAll();
  await server?.stop();
});

const call = async (base: string, method: string, path: string, key: string, body?: unknown): Promise<{ status: number; json: any }> => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(GUARD_MS),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
};

const describe = (base: string, description: string) =>
  call(base, 'PATCH', FEATURE, ADMIN, [{ op: 'replace', path: '/description', value: description }]);

/** The description the SDK poll of `base` serves for the feature. */
async function sdkDescription(base: string): Promise<string | undefined> {
  const { status, json } = await call(base, 'GET', '/api/client/features', CLIENT);
  assert.is(status, 200);
  return (json.features as { name: string; description: string }[]).find((f) => f.name === 'new-checkout-flow')?.description;
}

/** Polls `read` until it gives `want`; the milliseconds it took. Fails only after the hang guard. */
async function until<T>(read: () => Promise<T>, want: T): Promise<number> {
  const started = performance.now();
  for (;;) {
    if ((await read()) === want) return performance.now() - started;
    if (performance.now() - started > GUARD_MS) assert.unreachable(`still not ${String(want)} after the guard`);
    await new Promise((resolve) => setImmediate(resolve)); // a read answered from memory must not starve the others
  }
}

/** Connections listening for commits now. */
const listeners = async () =>
  (await sql<{ n: number }>(server.url, "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN %'"))[0]!.n;

/** flagadmin processes the server lists now (by their connections' application_name). */
const flagadminProcesses = async () =>
  (
    await sql<{ n: number }>(
      server.url,
      "SELECT count(DISTINCT application_name)::int AS n FROM pg_stat_activity WHERE application_name LIKE 'flagadmin pool=%'",
    )
  )[0]!.n;

const p99 = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;

test('a change made through one process reaches the SDK routes of every other', async () => {
  const lags: number[] = [];
  for (let k = 0; k < 30; k++) {
    const writer = bins[k % 3]!;
    assert.is((await describe(writer.url, `sdk-${k}`)).status, 200);
    for (const reader of bins) {
      if (reader !== writer) lags.push(await until(() => sdkDescription(reader.url), `sdk-${k}`));
    }
    // The writer's own SDK reads see its acknowledged write at once.
    assert.is(await sdkDescription(writer.url), `sdk-${k}`);
  }
  const frontend = await call(bins[1]!.url, 'GET', '/api/frontend', ADMIN);
  assert.is(frontend.status, 200);
  const sorted = [...lags].sort((a, b) => a - b).map((l) => l.toFixed(1));
  process.stderr.write(
    `propagation across processes (PATCH answered -> other process's SDK poll): p99 ${p99(lags).toFixed(1)} ms (${sorted.join(' ')})\n`,
  );
});

test('admin reads see a write acknowledged by another process at once', async () => {
  for (let k = 0; k < 9; k++) {
    assert.is((await describe(bins[k % 3]!.url, `admin-${k}`)).status, 200);
    for (const reader of bins) assert.is((await call(reader.url, 'GET', FEATURE, ADMIN)).json.description, `admin-${k}`);
  }
});

test('a listener connection cut: the process listens again and reads what was committed meanwhile', async () => {
  await until(() => sdkDescription(bins[1]!.url), 'admin-8');
  const cut = await sql<{ n: number }>(
    server.url,
    "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()",
  );
  assert.ok(cut[0]!.n >= 3, 'every process had a listener');
  assert.is((await describe(bins[0]!.url, 'after-cut')).status, 200);
  for (const reader of bins) await until(() => sdkDescription(reader.url), 'after-cut');
});

test('a commit announced by no notification is still read, and told to commit listeners, within the re-check bound', async () => {
  const storage = await postgresStorage({ url: server.url, recheckMs: 200 });
  try {
    const description = () =>
      storage.read(async (tx) => (await tx.get('features', 'new-checkout-flow'))?.description, { freshness: 'notified' });
    await description();
    let told = 0;
    const stop = storage.onCommit(() => told++);
    await until(listeners, 4); // this storage's LISTEN beside the bins'
    await description();
    // What an older process would send: a change without the revision in its notification (or none at all).
    await sql(
      server.url,
      `UPDATE flagadmin.features SET data = (data::jsonb || '{"description":"silent"}'::jsonb)::json WHERE key = 'new-checkout-flow';
       UPDATE flagadmin.state SET revision = revision + 1`,
    );
    await until(description, 'silent');
    // Streams hear of it too (they wait for onCommit, not for reads).
    await until(async () => told > 0, true);
    stop();
  } finally {
    await storage.close();
  }
  // Back to a feature the bins wrote themselves.
  assert.is((await describe(bins[0]!.url, 'announced')).status, 200);
});

test('a notification that arrives after a read moved the cache to its revision still leaves the records it wrote (no statement reads them again)', async () => {
  const { default: pg } = await import('pg');
  const real = new pg.Pool({ connectionString: server.url, max: 4 });
  real.on('error', () => undefined);
  /** Notifications held back while set. */
  let held: (() => void)[] | undefined;
  const lookups: unknown[] = [];
  const pool = {
    async connect() {
      const client = await real.connect();
      return new Proxy(client, {
        get(target, name) {
          if (name === 'query')
            return (text: string, values?: unknown[]) => {
              if (/"features" WHERE key = \$1/.test(text)) lookups.push(values?.[0]);
              return target.query(text, values);
            };
          if (name === 'on')
            return (event: string, listener: (...args: unknown[]) => void) =>
              target.on(
                event as 'error',
                event === 'notification'
                  ? (...args: unknown[]) => (held ? held.push(() => listener(...args)) : listener(...args))
                  : listener,
              );
          const value: unknown = Reflect.get(target, name);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
    end: () => real.end(),
  };
  const before = await listeners();
  const writer = await postgresStorage({ url: server.url });
  const reader = await postgresStorage({ pool });
  try {
    const flag = (freshness?: 'notified') =>
      reader.read(async (tx) => (await tx.get('features', 'new-checkout-flow'))?.description, freshness ? { freshness } : undefined);
    await flag('notified');
    await until(listeners, before + 2);
    held = [];
    await writer.write(async (tx) => {
      const feature = (await tx.get('features', 'new-checkout-flow'))!;
      await tx.put('features', { ...feature, description: 'kept-from-the-notice' });
    });
    // A read of something else reads the state row first: the reader's cache moves to the new revision.
    await reader.read((tx) => tx.get('projects', 'checkout'));
    await until(async () => held!.length > 0, true);
    const release = held;
    held = undefined;
    lookups.length = 0;
    for (const deliver of release) deliver();
    assert.is(await flag(), 'kept-from-the-notice');
    assert.equal(lookups, [], 'the flag came from the notification, not from a statement');
  } finally {
    await writer.close();
    await reader.close();
    await real.end(); // a pool given to the storage stays open after close()
  }
});

test('PostgreSQL restarted under load: SDK reads keep answering the last state, admin writes 503 then recover, nothing acknowledged is lost', async () => {
  assert.is((await describe(bins[0]!.url, 'before-restart')).status, 200);
  for (const { url } of bins) await until(() => sdkDescription(url), 'before-restart');
  const acked: string[] = [];
  const statuses = new Map<number, number>();
  let n = 0;
  let running = true;
  const writer = (async () => {
    while (running) {
      const description = `restart-${n++}`;
      const answer = await describe(bins[n % 3]!.url, description).catch(() => undefined);
      if (answer?.status === 200) acked.push(description);
      if (answer) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  })();
  await server.halt();
  const patch = await describe(bins[1]!.url, 'while-down');
  assert.is(patch.status, 503);
  assert.is(patch.json.name, 'ServiceUnavailableError');
  const served = acked.at(-1) ?? 'before-restart';
  for (const { url } of bins) {
    const poll = await call(url, 'GET', '/api/client/features', CLIENT);
    assert.is(poll.status, 200, 'the SDK poll is answered while the database is down');
    const feature = (poll.json.features as { name: string; description: string }[]).find((f) => f.name === 'new-checkout-flow');
    assert.ok(feature && /^(before-)?restart/.test(feature.description), `a state that was committed (${feature?.description})`);
  }
  assert.ok(served);
  await server.resume();
  const recovered = acked.length;
  try {
    await until(async () => acked.length > recovered, true);
  } finally {
    running = false;
    await writer;
  }
  assert.is((await describe(bins[2]!.url, 'after-restart')).status, 200, 'admin writes recover');
  for (const { url } of bins) await until(() => sdkDescription(url), 'after-restart');
  const history = await call(bins[0]!.url, 'GET', '/api/admin/events?project=checkout', ADMIN);
  const written = new Set((history.json.events as { data?: { description?: string } }[]).map((e) => e.data?.description));
  for (const d of acked) assert.ok(written.has(d), `${d} was acknowledged and is in the history`);
  const ids = (await sql<{ id: string }>(server.url, 'SELECT id FROM flagadmin.events ORDER BY id')).map((r) => Number(r.id));
  assert.equal(
    ids,
    ids.map((_, i) => i + 1),
    'event ids are 1..n without gaps',
  );
});

test('the connection budget: a start that could exceed max_connections is refused, naming the figures', async () => {
  const [{ allowed }] = (await sql<{ allowed: number }>(server.url, "SELECT current_setting('max_connections')::int AS allowed")) as [
    { allowed: number },
  ];
  const alone = await rejects(postgresStorage({ url: server.url, max: allowed }));
  assert.instance(alone, FlagadminConnectionBudgetError);
  assert.match((alone as Error).message, new RegExp(`max_connections ${allowed}`));
  // The three bins hold their listeners: they are counted at their pool size (10 each).
  // Listeners the restart cut come back by themselves (within 5 s of the database's return).
  // A refused start ends its connection; the server lists it until its backend has exited.
  await until(listeners, 3);
  await until(flagadminProcesses, 3);
  const beside = await rejects(postgresStorage({ url: server.url, max: allowed - 30, processes: 1 }));
  assert.match((beside as Error).message, /3 running: 10 \+ 10 \+ 10/);
  await until(flagadminProcesses, 3);
  const planned = await rejects(postgresStorage({ url: server.url, max: 40, processes: 8 }));
  const message = (planned as Error).message;
  assert.ok(/8 flagadmin processes may open 230 .*4 more expected at 40 each/.test(message), message);
  const fits = await postgresStorage({ url: server.url, max: 5, processes: 2 });
  await fits.close();
});

test.run();
