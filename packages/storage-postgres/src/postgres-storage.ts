/**
 * postgresStorage(): the Storage contract on PostgreSQL. Reads run in REPEATABLE READ READ ONLY
 * transactions (one snapshot each, fixed by reading the state row); writes lock the one state row first
 * (`SELECT ... FOR UPDATE`), so writes of every process run one after another, and commit before they
 * resolve. Errors meaning "the database is not there" become FlagadminStorageUnavailableError.
 */
import type { ReadTx, Storage, WriteTx } from '@flagadmin/core';
import { createPool, type PoolOptions } from './connect';
import { asUnavailable, isUnavailable } from './errors';
import { migrate } from './migrations';
import { lastResult, type PgPool, type PgPoolClient } from './pool';
import { PgReadTx, type StateRow } from './read-tx';
import { statements, type Statements } from './schema';
import { PgWriteTx } from './write-tx';

export interface StorageLogger {
  warn(message: string, fields?: Record<string, unknown>): void;
}

interface CommonOptions {
  /** The PostgreSQL schema holding flagadmin's tables; created when missing. Default `flagadmin`. */
  schema?: string;
  logger?: StorageLogger;
}

export type PostgresStorageOptions =
  /** A pool you own: `close()` leaves it open. */
  | (CommonOptions & { pool: PgPool })
  /** A node-postgres pool made from a connection URL, ended by `close()`. */
  | (CommonOptions & Omit<PoolOptions, 'onIdleError'>);

export interface PostgresStorage extends Storage {
  /**
   * Runs `fn` while holding this schema's start-up lock (a session advisory lock): one process at a
   * time, across every process on the database. For one-time set-up such as demo data.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
}

export async function postgresStorage(options: PostgresStorageOptions): Promise<PostgresStorage> {
  const schema = options.schema ?? 'flagadmin';
  const owned = !('pool' in options);
  const pool =
    'pool' in options
      ? options.pool
      : await createPool({ ...options, onIdleError: (error) => options.logger?.warn('idle PostgreSQL connection failed', { error: error.message }) });
  try {
    await migrate(pool, schema);
  } catch (error) {
    if (owned) await pool.end().catch(() => undefined);
    throw asUnavailable(error);
  }
  return new PgStorage(pool, statements(schema), owned);
}

const closedError = () => new Error('The PostgreSQL storage is closed');

class PgStorage implements PostgresStorage {
  /** The tail of this process's queue of writes (one write at a time holds a connection). */
  private writeQueue: Promise<unknown> = Promise.resolve();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closing: Promise<void> | undefined;

  constructor(
    private readonly pool: PgPool,
    private readonly sql: Statements,
    private readonly ownsPool: boolean,
  ) {}

  read<T>(fn: (tx: ReadTx) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(closedError());
    return this.track(this.transaction(this.sql.beginRead, (client, state) => fn(new PgReadTx(client, this.sql, state))));
  }

  write<T>(fn: (tx: WriteTx) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(closedError());
    const run = this.writeQueue.then(() =>
      this.transaction(this.sql.beginWrite, async (client, state) => {
        const tx = new PgWriteTx(client, this.sql, state);
        const result = await fn(tx);
        await tx.finish();
        return result;
      }),
    );
    this.writeQueue = run.catch(() => undefined);
    return this.track(run);
  }

  async exclusively<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closing) throw closedError();
    return this.track(
      this.withClient(async (client) => {
        const key = `flagadmin start-up ${this.sql.schema}`;
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
        }
      }),
    );
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      if (this.ownsPool) await this.pool.end();
    })();
    return this.closing;
  }

  /** Counts `work` as in flight (close() waits for it); refuses new work once closing. */
  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }

  /** BEGIN (and the state row read with it), fn, COMMIT; ROLLBACK when anything fails. */
  private transaction<T>(begin: string, fn: (client: PgPoolClient, state: StateRow) => Promise<T>): Promise<T> {
    return this.withClient(async (client) => {
      const [row] = lastResult(await client.query<{ revision: string; last_event_id: string }>(begin)).rows;
      if (!row) throw new Error(`The state row of schema "${this.sql.schema}" is missing`);
      let result: T;
      try {
        result = await fn(client, { revision: Number(row.revision), lastEventId: Number(row.last_event_id) });
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      await client.query('COMMIT');
      return result;
    });
  }

  /** A pooled connection for fn; a connection that failed is closed, not reused. */
  private async withClient<T>(fn: (client: PgPoolClient) => Promise<T>): Promise<T> {
    let client: PgPoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw asUnavailable(error);
    }
    let broken: Error | undefined;
    const onError = (error: Error) => (broken = error);
    client.on?.('error', onError);
    try {
      return await fn(client);
    } catch (error) {
      if (isUnavailable(error)) broken ??= error instanceof Error ? error : new Error(String(error));
      throw asUnavailable(error);
    } finally {
      client.off?.('error', onError);
      client.release(broken ?? false);
    }
  }
}
