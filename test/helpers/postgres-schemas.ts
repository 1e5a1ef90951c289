// PostgreSQL storages for suites that run once per storage (core's operation suites, the HTTP suites):
// ONE server per test process, started by the first storage asked for (a file that runs no PostgreSQL
// suite starts none), one connection pool shared by every storage of the process, and an empty schema
// per storage. A schema given back by `cleanup` is emptied and handed to the next storage: every table
// of a used schema is given exactly the rows of a `pristine` schema that was migrated and never used,
// far cheaper than migrating a schema per test and dropping it (figures: storage-postgres README, Decisions).
// The server stops and its directory is removed when the process has nothing else left to do
// (`beforeExit`), or at its `exit` when it ends otherwise; if the process is killed, the kernel stops
// the server (test/helpers/postgres.ts).
import pg from 'pg';
import { postgresStorage, type PostgresStorage } from '@flagadmin/storage-postgres';
import { startPostgres, type TestPostgres } from './postgres';

/** The schema migrated at start and never written to: what an empty schema holds. */
const PRISTINE = 'pristine';

export interface SharedPostgres {
  server: TestPostgres;
  pool: pg.Pool;
  /** Schemas emptied by a cleanup, ready for the next storage. */
  free: string[];
  created: number;
}

let shared: Promise<SharedPostgres> | undefined;

async function start(): Promise<SharedPostgres> {
  const server = await startPostgres();
  // Idle connections do not keep the process alive: when the suites are done, `beforeExit` comes.
  // synchronous_commit=off: a COMMIT does not wait for its WAL flush (most of a write's time on a busy
  // disk). What these suites observe is unchanged: a write is visible to every reader once its COMMIT
  // returns, in commit order; only a crash of the server could lose the newest commits, and crashes are
  // the storage's own suites' subject (test/storage-postgres.test.ts, test/postgres-processes.test.ts),
  // on servers with PostgreSQL's defaults.
  const pool = new pg.Pool({
    connectionString: server.url,
    max: 10,
    allowExitOnIdle: true,
    connectionTimeoutMillis: 60_000,
    options: '-c synchronous_commit=off',
  });
  pool.on('error', () => undefined); // an idle connection cut by the server's stop below
  server.unref();
  process.once('beforeExit', () => {
    void pool.end().finally(() => server.stop());
  });
  // A process that ends without `beforeExit` (an uncaught error, process.exit()) leaves no directory either.
  process.once('exit', () => server.abandon());
  await (await postgresStorage({ pool, schema: PRISTINE })).close();
  return { server, pool, free: [], created: 0 };
}

/** This process's shared server and pool, started at the first call. */
export function sharedPostgres(): Promise<SharedPostgres> {
  shared ??= start();
  return shared;
}

/** Gives every table of `schema` the rows its namesake in PRISTINE holds, in one transaction (one simple query). */
export async function emptySchema(pool: pg.Pool, schema: string): Promise<void> {
  const { rows } = await pool.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY tablename', [
    PRISTINE,
  ]);
  const table = (s: string, name: string) => `${pg.escapeIdentifier(s)}.${pg.escapeIdentifier(name)}`;
  const statements = rows.map(
    ({ name }) => `DELETE FROM ${table(schema, name)}; INSERT INTO ${table(schema, name)} SELECT * FROM ${table(PRISTINE, name)};`,
  );
  await pool.query(statements.join(' '));
}

/** An empty PostgreSQL storage on this process's shared server; `cleanup` closes it and empties its schema for the next one. */
export async function openPostgresSchema(): Promise<{ storage: PostgresStorage; cleanup(): Promise<void> }> {
  const state = await sharedPostgres();
  const schema = state.free.pop() ?? `world_${++state.created}`;
  const storage = await postgresStorage({ pool: state.pool, schema });
  return {
    storage,
    cleanup: async () => {
      await storage.close();
      await emptySchema(state.pool, schema);
      state.free.push(schema);
    },
  };
}
