// The PostgreSQL storage's own cases, run by test/storage-postgres.test.ts after the contract suite:
// migrations under concurrency, a schema newer than the code, the database going away and coming back.
import * as assert from 'uvu/assert';
import { postgresStorage, SCHEMA_VERSION, type PostgresStorage } from '@flagadmin/storage-postgres';
import type { ContractContext } from '../storage-contract';
import { makeEvent, makeFeature, makeProject, rejects } from './records';
import { sql, type TestPostgres } from './postgres';
import { createPool } from '../../packages/storage-postgres/src/connect';

let fresh = 0;
const freshSchema = (what: string) => `own_${what}_${++fresh}`;
const drop = (server: TestPostgres, schema: string) => sql(server.url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);

type Open = (options?: { max?: number; connectTimeoutMs?: number; queryTimeoutMs?: number }) => Promise<PostgresStorage>;

/** A case on a schema of its own: `open` gives storages on it (each closed afterwards); the schema is dropped. */
function onSchema(server: TestPostgres, what: string, body: (schema: string, open: Open) => Promise<void>): () => Promise<void> {
  return async () => {
    const schema = freshSchema(what);
    const opened: PostgresStorage[] = [];
    const open: Open = async (options = {}) => {
      const storage = await postgresStorage({ url: server.url, schema, ...options });
      opened.push(storage);
      return storage;
    };
    try {
      await body(schema, open);
    } finally {
      await Promise.all(opened.map((s) => s.close()));
      await drop(server, schema);
    }
  };
}

export function postgresCases({ test }: ContractContext, server: TestPostgres): void {
  test(
    'several processes starting at once on an empty database migrate it once',
    onSchema(server, 'migrate', async (schema, open) => {
      const storages = await Promise.all(Array.from({ length: 6 }, () => open({ max: 2 })));
      const versions = await sql<{ version: number }>(server.url, `SELECT version FROM "${schema}".migrations ORDER BY version`);
      assert.equal(
        versions.map((v) => v.version),
        Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1),
      );
      await Promise.all(storages.map((s, i) => s.write((tx) => tx.put('projects', makeProject(`p${i}`)))));
      const seen = await storages[5]!.read((tx) => tx.list('projects'));
      assert.equal(
        seen.map((p) => p.id),
        ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'],
      );
    }),
  );

  test(
    'two storages on one schema (two processes): each read sees every write the other acknowledged before it',
    onSchema(server, 'fresh', async (_, open) => {
      const [a, b] = await Promise.all([open(), open()]);
      await a.write((tx) => tx.put('features', makeFeature('f', 'p1')));
      for (let version = 2; version <= 30; version++) {
        const [writer, reader] = version % 2 ? [a, b] : [b, a];
        // Reads in flight on the reader while the other writes: its read cache and shared state reads are warm.
        const concurrent = Array.from({ length: 5 }, () => reader.read((tx) => tx.get('features', 'f')));
        await writer.write((tx) => tx.put('features', makeFeature('f', 'p1', { version })));
        const seen = await reader.read(async (tx) => ({
          feature: (await tx.get('features', 'f'))!.version,
          listed: (await tx.list('features', { project: 'p1' }))[0]!.version,
        }));
        assert.equal(seen, { feature: version, listed: version }, `write ${version}`);
        for (const f of await Promise.all(concurrent)) assert.ok(f!.version >= version - 1);
      }
    }),
  );

  test(
    'a read whose first uncached statement finds a newer revision runs again, all of it at one revision',
    onSchema(server, 'stale', async (_, open) => {
      const [a, b] = await Promise.all([open(), open()]);
      await a.write((tx) => tx.put('projects', makeProject('p', { description: 'v1' })));
      let runs = 0;
      const seen = await b.read(async (tx) => {
        runs++;
        const revision = await tx.revision();
        if (runs === 1) await a.write((w) => w.put('projects', makeProject('p', { description: 'v2' })));
        return { revision, description: (await tx.get('projects', 'p'))!.description, count: await tx.countEvents({}) };
      });
      assert.is(runs, 2, 'run again');
      assert.is(seen.description, 'v2');
      assert.is(seen.revision, await b.read((tx) => tx.revision()), 'the revision of the data read');
    }),
  );

  test(
    'a NUL character (which PostgreSQL text cannot hold) finds nothing, and fails only the write that stores it',
    onSchema(server, 'nul', async (_, open) => {
      const storage = await open();
      await storage.write((tx) => tx.put('features', makeFeature('f', 'p1')));
      await storage.read(async (tx) => {
        assert.is(await tx.get('features', 'f\u0000'), undefined);
        assert.equal(await tx.list('features', { project: 'p1\u0000' }), []);
        assert.equal(await tx.events({ projects: ['p1\u0000'] }), []);
        assert.is(await tx.countEvents({ projects: ['\u0000'] }), 0);
      });
      // Queued together, so they share one transaction: only the bad one fails.
      const results = await Promise.allSettled([
        storage.write((tx) => tx.put('features', makeFeature('g', 'p1'))),
        storage.write((tx) => tx.put('features', makeFeature('bad\u0000', 'p1'))),
        storage.write((tx) => tx.appendEvent(makeEvent({ project: 'p\u0000' }))),
        storage.write((tx) => tx.put('features', makeFeature('h', 'p1'))),
      ]);
      assert.equal(
        results.map((r) => r.status),
        ['fulfilled', 'rejected', 'rejected', 'fulfilled'],
      );
      assert.equal(
        (await storage.read((tx) => tx.list('features'))).map((f) => f.name),
        ['f', 'g', 'h'],
      );
    }),
  );

  test(
    'a schema newer than the code is refused with FlagadminSchemaTooNewError, and nothing is changed',
    onSchema(server, 'newer', async (schema, open) => {
      const storage = await open();
      await storage.write((tx) => tx.put('projects', makeProject('kept')));
      await storage.close();
      await sql(server.url, `INSERT INTO "${schema}".migrations (version) VALUES ($1)`, [SCHEMA_VERSION + 1]);
      const error = (await rejects(open())) as Error & { databaseVersion: number };
      assert.is(error.name, 'FlagadminSchemaTooNewError');
      assert.is(error.databaseVersion, SCHEMA_VERSION + 1);
      assert.match(error.message, /newer than this flagadmin knows/);
      const rows = await sql<{ key: string }>(server.url, `SELECT key FROM "${schema}".projects`);
      assert.equal(
        rows.map((r) => r.key),
        ['kept'],
      );
    }),
  );

  test(
    'a pool given by the caller is used and left open by close()',
    onSchema(server, 'pool', async (schema) => {
      const { default: pg } = await import('pg');
      const pool = new pg.Pool({ connectionString: server.url, max: 3 });
      try {
        const storage = await postgresStorage({ pool, schema });
        await storage.write((tx) => tx.appendEvent(makeEvent({ project: 'p' })));
        assert.is(await storage.read((tx) => tx.countEvents({ projects: ['p'] })), 1);
        await storage.close();
        assert.equal((await pool.query(`SELECT count(*)::int AS n FROM "${schema}".events`)).rows, [{ n: 1 }]);
      } finally {
        await pool.end();
      }
    }),
  );

  test("a server message that reaches a checked-out connection before its user listens (a fast shutdown's) does not crash the process", async () => {
    const pool = await createPool({ url: server.url, max: 1, applicationName: 'flagadmin pool=1 errors' });
    try {
      const client = await pool.connect(); // the pool stopped listening to it; no user listens yet
      // What node-postgres does when the server's FATAL message arrives while no statement runs.
      const emitter = client as unknown as { emit(event: string, error: Error): boolean };
      let thrown: unknown;
      try {
        emitter.emit('error', new Error('terminating connection due to administrator command'));
      } catch (error) {
        thrown = error;
      } finally {
        client.release(true);
      }
      assert.is(thrown, undefined, 'an error event with no listener throws (the process would crash)');
    } finally {
      await pool.end();
    }
  });

  test(
    'a connection cut inside a write fails it with FlagadminStorageUnavailableError and leaves no trace',
    onSchema(server, 'cut', async (schema, open) => {
      const storage = await open();
      await storage.write(async (tx) => {
        await tx.put('features', makeFeature('f', 'p1'));
        await tx.appendEvent(makeEvent({ project: 'p1' }));
      });
      const error = await rejects(
        storage.write(async (tx) => {
          await tx.put('features', makeFeature('f', 'p1', { version: 2 }));
          await tx.appendEvent(makeEvent({ project: 'p1' }));
          await tx.nextSequence('apiKey');
          await sql(
            server.url,
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%${schema}%' AND pid <> pg_backend_pid() AND state = 'idle in transaction'`,
          );
          await tx.put('projects', makeProject('never'));
        }),
      );
      assert.is((error as Error).name, 'FlagadminStorageUnavailableError');
      await storage.read(async (tx) => {
        assert.is((await tx.get('features', 'f'))!.version, 1);
        assert.is(await tx.get('projects', 'never'), undefined);
        assert.is(await tx.countEvents({}), 1);
        assert.is(await tx.countEvents({ projects: ['p1'] }), 1);
      });
      assert.is(await storage.write((tx) => tx.nextSequence('apiKey')), 1, 'the sequence was rolled back');
    }),
  );

  test(
    'the database going away fails requests with FlagadminStorageUnavailableError; they succeed again once it is back',
    onSchema(server, 'away', async (_, open) => {
      const storage = await open({ connectTimeoutMs: 2_000, queryTimeoutMs: 5_000 });
      await storage.write((tx) => tx.put('projects', makeProject('acknowledged')));
      await server.halt();
      for (const attempt of [1, 2]) {
        const readError = await rejects(storage.read((tx) => tx.list('projects')));
        assert.is((readError as Error).name, 'FlagadminStorageUnavailableError', `read ${attempt}`);
        const writeError = await rejects(storage.write((tx) => tx.put('projects', makeProject('while-away'))));
        assert.is((writeError as Error).name, 'FlagadminStorageUnavailableError', `write ${attempt}`);
      }
      await server.resume();
      // Connections broken by the restart are dropped as they fail; the pool then opens new ones.
      let projects: string[] | undefined;
      for (let attempt = 0; attempt < 20 && !projects; attempt++) {
        projects = await storage.read(async (tx) => (await tx.list('projects')).map((p) => p.id)).catch(() => undefined);
      }
      assert.equal(projects, ['acknowledged']);
      await storage.write((tx) => tx.put('projects', makeProject('after')));
      assert.equal(
        (await storage.read((tx) => tx.list('projects'))).map((p) => p.id),
        ['acknowledged', 'after'],
      );
    }),
  );
}
