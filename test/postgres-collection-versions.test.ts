// ReadTx.collectionVersion on PostgreSQL: the read cache's token per table, handed to a write batch at the
// revision it locked. Checked the way core uses it (runtime/derived-by-version.ts: what was derived under a
// token is used again whenever the token comes back): a token must never come back for other rows. Another
// process's commit learned by its notification, by a state row it never announced, by a listener that
// is not there or was cut; a batch whose flush fails; and through core, a PATCH after another process
// added an environment.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin, type CollectionName, type ReadTx, type Storage } from '@flagadmin/core';
import { postgresStorage, type PostgresStorage } from '@flagadmin/storage-postgres';
import { httpWorld, IN_PROCESS, json } from './helpers/http-world';
import { TEST_SECRETS_KEY } from './helpers/integration-receiver';
import { sql, startPostgres, type TestPostgres } from './helpers/postgres';
import { makeEnvironment, makeFeature, makeProject } from './helpers/records';

const test = suite('collection versions on PostgreSQL');

let server: TestPostgres;
let schemas = 0;
const opened: { storage: Storage; end?: () => Promise<void> }[] = [];
let schema = '';

test.before(async () => {
  server = await startPostgres();
});
test.before.each(() => {
  schema = `versions_${++schemas}`;
});
test.after.each(async () => {
  for (const { storage, end } of opened.splice(0)) {
    await storage.close();
    await end?.();
  }
  await sql(server.url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
});
test.after(async () => {
  await server?.stop();
});

/** What a listening storage's commit listeners were told: once when LISTEN is in place, then once per commit. */
const told = new Map<Storage, { n: number; waiters: Set<() => void> }>();

/**
 * A storage on this test's schema, as one process has it (its own pool: it listens for commits from the
 * start). It never re-reads the state row on a timer, so what it tells its commit listeners is counted
 * exactly: LISTEN being in place, then each commit's notification (see `caughtUp`).
 */
async function open(): Promise<PostgresStorage> {
  const storage = await postgresStorage({ url: server.url, schema, recheckMs: 3_600_000 });
  opened.push({ storage });
  // Before any I/O callback can run: LISTEN is not in place yet.
  const count = { n: 0, waiters: new Set<() => void>() };
  told.set(storage, count);
  storage.onCommit(() => {
    count.n++;
    for (const wake of count.waiters) wake();
  });
  return storage;
}

/** Resolves once `storage` has told its commit listeners `n` times. */
async function toldTimes(storage: Storage, n: number): Promise<void> {
  const count = told.get(storage)!;
  while (count.n < n) {
    await new Promise<void>((resolve) => {
      const wake = () => {
        count.waiters.delete(wake);
        resolve();
      };
      count.waiters.add(wake);
    });
  }
}

/** Resolves once `storage`'s LISTEN is in place (call it before the schema's first commit). */
const listening = (storage: Storage) => toldTimes(storage, 1);

/**
 * Resolves once `storage` (listening since before the schema's first commit) has heard the notification of
 * every commit so far: one per batch, and each write here is a batch of its own, so one per revision.
 */
async function caughtUp(storage: Storage): Promise<void> {
  const [row] = await sql<{ revision: string }>(server.url, `SELECT revision FROM "${schema}".state`);
  await toldTimes(storage, 1 + Number(row!.revision));
}

/** A storage on a pool given by the caller: it listens only once asked (an SDK read, onCommit), so it never hears a commit here. */
async function openDeaf(): Promise<PostgresStorage> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: server.url, max: 3 });
  const storage = await postgresStorage({ pool, schema });
  opened.push({ storage, end: () => pool.end() });
  return storage;
}

/**
 * What core does with tokens, checked: the names a collection listed when a token was first seen, compared
 * with what the transaction lists each time the token comes back.
 */
class Derived {
  private readonly kept = new WeakMap<object, string[]>();

  async of(tx: ReadTx, collection: CollectionName): Promise<{ version: object | undefined; names: string[] }> {
    assert.type(tx.collectionVersion, 'function', 'PostgreSQL transactions give collection versions');
    const version = tx.collectionVersion!(collection);
    const names = (await tx.list(collection)).map((r) => ('name' in r ? String(r.name) : JSON.stringify(r)));
    if (version) {
      const kept = this.kept.get(version);
      if (kept) assert.equal(names, kept, `a ${collection} token came back for other rows`);
      else this.kept.set(version, names);
    }
    return { version, names };
  }

  /** A write that reads the collection's token and records, and changes nothing. */
  in(storage: Storage, collection: CollectionName = 'environments'): Promise<{ version: object | undefined; names: string[] }> {
    return storage.write((tx) => this.of(tx, collection));
  }
}

test('a write batch gets a token that stays across writes elsewhere and is replaced by a change of this process', async () => {
  const a = await open();
  const derived = new Derived();
  const first = await derived.in(a);
  assert.ok(first.version, 'a write gets one');
  for (let i = 0; i < 3; i++) {
    await a.write(async (tx) => {
      await tx.put('features', makeFeature(`f${i}`));
      await tx.put('projects', makeProject(`p${i}`));
    });
    assert.is((await derived.in(a)).version, first.version, `after write ${i} to other collections`);
  }
  const features = (await derived.in(a, 'features')).version;
  await a.write((tx) => tx.put('environments', makeEnvironment('staging')));
  const after = await derived.in(a);
  assert.ok(after.version && after.version !== first.version, 'a new token after the change');
  assert.equal(after.names, ['staging']);
  assert.is((await derived.in(a, 'features')).version, features, "the other collections' tokens stay");
  // Reads at the cache's revision get the same token (core's reads derive from it too).
  assert.is(await a.read(async (tx) => tx.collectionVersion?.('environments')), after.version);
});

test("another process's change, told by its notification: a new token, the new rows, the other tables' tokens kept", async () => {
  const [a, b] = await Promise.all([open(), open()]);
  await listening(a);
  const derived = new Derived();
  await a.write((tx) => tx.put('environments', makeEnvironment('development')));
  const before = await derived.in(a);
  const types = (await derived.in(a, 'featureTypes')).version;
  await b.write((tx) => tx.put('environments', makeEnvironment('qa')));
  await caughtUp(a);
  const after = await derived.in(a);
  assert.ok(after.version && after.version !== before.version);
  assert.equal(after.names, ['development', 'qa']);
  assert.is((await derived.in(a, 'featureTypes')).version, types, 'the notification named the tables it changed; the others keep theirs');
});

test('another process this one never hears from (its listener not there): the batch finds it at the lock', async () => {
  const [a, b] = await Promise.all([openDeaf(), open()]);
  await listening(b);
  const derived = new Derived();
  const before = await derived.in(a);
  await b.write((tx) => tx.put('environments', makeEnvironment('qa')));
  await b.write((tx) => tx.put('features', makeFeature('elsewhere')));
  const after = await derived.in(a);
  assert.ok(after.version && after.version !== before.version);
  assert.equal(after.names, ['qa']);
  // And back: a's own change is told to b (which listens), whose batch then lists it.
  const bBefore = await derived.in(b);
  await a.write((tx) => tx.delete('environments', 'qa'));
  await caughtUp(b);
  const bAfter = await derived.in(b);
  assert.ok(bAfter.version !== bBefore.version);
  assert.equal(bAfter.names, []);
});

/** A process whose environments are `development` alone, and the token its next batch had for them. */
async function withDevelopment() {
  const a = await open();
  const derived = new Derived();
  await a.write((tx) => tx.put('environments', makeEnvironment('development')));
  return { a, derived, before: await derived.in(a) };
}

test('a commit no notification announced (an older process, a lost one): the batch finds it at the lock', async () => {
  const { a, derived, before } = await withDevelopment();
  await sql(
    server.url,
    `INSERT INTO "${schema}".environments (key, data) VALUES ('silent', '${JSON.stringify(makeEnvironment('silent'))}');
     UPDATE "${schema}".state SET revision = revision + 1`,
  );
  const after = await derived.in(a);
  assert.ok(after.version && after.version !== before.version);
  assert.equal(after.names, ['development', 'silent']);
});

test("the listener's connection cut while another process commits: the batch still finds the commit", async () => {
  const [a, b] = await Promise.all([open(), openDeaf()]);
  await listening(a);
  const derived = new Derived();
  const before = await derived.in(a);
  const channel = `flagadmin_commits ${schema}`;
  const [cut] = await sql<{ n: number }>(
    server.url,
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE query = 'LISTEN "${channel}"'`,
  );
  assert.is(cut!.n, 1, "a's listener");
  await b.write((tx) => tx.put('environments', makeEnvironment('qa')));
  const after = await derived.in(a);
  assert.ok(after.version && after.version !== before.version);
  assert.equal(after.names, ['qa']);
});

test('a batch whose flush fails: no token for what it wrote, and the rows it never committed are never listed under one', async () => {
  const { a, derived, before } = await withDevelopment();
  // The database refuses one environment at the flush (the writes themselves succeed in memory).
  await sql(
    server.url,
    `CREATE FUNCTION "${schema}".refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
     CREATE TRIGGER refuse BEFORE INSERT ON "${schema}".environments FOR EACH ROW WHEN (NEW.key = 'doomed') EXECUTE FUNCTION "${schema}".refuse()`,
  );
  // Queued together: one batch, one flush.
  const seenInBatch: { version: object | undefined; names: string[] }[] = [];
  const results = await Promise.allSettled([
    a.write((tx) => tx.put('environments', makeEnvironment('doomed'))),
    a.write(async (tx) => {
      seenInBatch.push(await derived.of(tx, 'environments'));
      await tx.put('features', makeFeature('with-doomed'));
    }),
  ]);
  assert.equal(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
  );
  assert.equal(seenInBatch, [{ version: undefined, names: ['development', 'doomed'] }], 'no token for rows the batch changed');
  const after = await derived.in(a);
  assert.equal(after.names, ['development']);
  assert.ok(after.version, 'the rows at the locked revision keep a token');
  assert.is(after.version, before.version, 'nothing committed: the same rows, the same token');
});

test('the database found behind the cache (a backup put back): the revisions it reuses name the new rows, not the cached ones', async () => {
  const [a, b] = await Promise.all([open(), open()]);
  const derived = new Derived();
  await a.write((tx) => tx.put('environments', makeEnvironment('development')));
  assert.equal((await derived.in(a)).names, ['development']);
  // Another history from one revision back: what the cache holds at the revision it is at is not in it.
  await sql(
    server.url,
    `DELETE FROM "${schema}".environments;
     INSERT INTO "${schema}".environments (key, data) VALUES ('restored', '${JSON.stringify(makeEnvironment('restored'))}');
     UPDATE "${schema}".state SET revision = revision - 1`,
  );
  assert.equal((await derived.in(a)).names, ['restored'], 'the batch locked a revision below the cache');
  await b.write((tx) => tx.put('features', makeFeature('f')));
  const again = await derived.in(a);
  assert.ok(again.version);
  assert.equal(again.names, ['restored'], 'at the revision the cache was at before');
});

test('through core: after another process adds an environment, a PATCH here answers with it (the environment index is the new one)', async () => {
  for (const deaf of [false, true]) {
    const [a, b] = await Promise.all([deaf ? openDeaf() : open(), open()]);
    const world = await httpWorld(IN_PROCESS, { storage: a });
    const other = createFlagadmin({ storage: b, secretsKey: TEST_SECRETS_KEY });
    const FEATURE = '/api/admin/projects/default/features/checkout';
    const send = (path: string, init: RequestInit) => world.send(path, init);
    assert.is((await send('/api/admin/projects/default/features', json(world.adminKey, 'POST', { name: 'checkout' }))).status, 201);
    const describe = async (description: string) => {
      const response = await send(FEATURE, json(world.adminKey, 'PATCH', [{ op: 'replace', path: '/description', value: description }]));
      assert.is(response.status, 200);
      return ((await response.json()).environments as { name: string }[]).map((e) => e.name);
    };
    const envsBefore = await describe('first');
    assert.not.ok(envsBefore.includes('qa'));
    const onB = (path: string, body: unknown) =>
      other.handle(new Request(`http://flagadmin.test${path}`, json(world.adminKey, 'POST', body)));
    assert.is((await onB('/api/admin/environments', { name: 'qa', type: 'test' })).status, 201);
    assert.is((await onB('/api/admin/projects/default/environments', { environment: 'qa' })).status, 200);
    assert.equal(await describe('second'), [...envsBefore, 'qa'], deaf ? 'a process that never hears' : 'a process that listens');
    const read = await (await send(FEATURE, { headers: { authorization: world.adminKey } })).json();
    assert.ok(
      read.environments.some((e: { name: string }) => e.name === 'qa'),
      'and its reads',
    );
    await world.close();
    for (const { storage, end } of opened.splice(0)) {
      await storage.close();
      await end?.();
    }
    await sql(server.url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
});

test.run();
