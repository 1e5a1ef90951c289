/**
 * postgresStorage(): the Storage contract on PostgreSQL. A read begins at a state-row read sent after it
 * and answers from the read cache, or from a REPEATABLE READ READ ONLY snapshot at that revision.
 * Writes run in batches that lock the one state row first (`SELECT ... FOR UPDATE`), so the writes of
 * every process run one after another, and resolve after COMMIT. Errors meaning "the database is not
 * there" become FlagadminStorageUnavailableError.
 */
import type { ReadTx, Storage, WriteTx } from '@flagadmin/core';
import { createPool, type PoolOptions } from './connect';
import { CachedSource } from './cached-read';
import { Connection } from './connection';
import { asUnavailable } from './errors';
import { migrate } from './migrations';
import type { PgPool } from './pool';
import { PgReadTx } from './read-tx';
import { ReadCache } from './read-cache';
import { statements, type Statements } from './schema';
import { WriteQueue } from './write-queue';
import { CommitListener } from './commit-listener';

/** Told about failed idle connections; pino-style `(fields, message)`, so `pino()` fits. */
export interface StorageLogger {
  warn(fields: { err: unknown }, message: string): void;
}

interface CommonOptions {
  /** The PostgreSQL schema holding flagadmin's tables; created when missing. Default `flagadmin`. */
  schema?: string;
  logger?: StorageLogger;
  /** Most characters of JSON text the read cache keeps (answers at the current revision). Default 32 Mi. */
  cacheChars?: number;
}

const DEFAULT_CACHE_CHARS = 32 * 1024 * 1024;

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
      : await createPool({ ...options, onIdleError: (error) => options.logger?.warn({ err: error }, 'idle PostgreSQL connection failed') });
  try {
    await migrate(pool, schema);
  } catch (error) {
    if (owned) await pool.end().catch(() => undefined);
    throw asUnavailable(error);
  }
  return new PgStorage(pool, statements(schema), owned, options.cacheChars ?? DEFAULT_CACHE_CHARS, options.logger);
}

const closedError = () => new Error('The PostgreSQL storage is closed');

class PgStorage implements PostgresStorage {
  private readonly inFlight = new Set<Promise<unknown>>();
  private closing: Promise<void> | undefined;
  private readonly cache: ReadCache;
  private readonly writes: WriteQueue;
  private readonly commits: CommitListener;

  constructor(
    private readonly pool: PgPool,
    private readonly sql: Statements,
    private readonly ownsPool: boolean,
    cacheChars: number,
    logger?: StorageLogger,
  ) {
    this.commits = new CommitListener(pool, sql.listen, sql.channel, logger);
    this.cache = new ReadCache(async () => {
      const connection = await Connection.open(pool);
      try {
        return await connection.begin(sql.state);
      } finally {
        connection.release();
      }
    }, cacheChars);
    this.writes = new WriteQueue(pool, sql, this.cache);
  }

  /**
   * Begins at the state row of a statement sent after the call; answers from the read cache, opening a
   * snapshot at its first miss. When the database moved on before that miss, `fn` runs again in a plain
   * snapshot (its first run's answers are dropped; read functions only read).
   */
  read<T>(fn: (tx: ReadTx) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(closedError());
    return this.track(
      (async () => {
        const state = await this.cache.currentState();
        let stale = false;
        const source = new CachedSource(this.sql, state, this.cache, async () => {
          const connection = await Connection.open(this.pool);
          try {
            const at = await connection.begin(this.sql.beginRead);
            stale = at.revision !== state.revision;
          } catch (error) {
            connection.release();
            throw error;
          }
          if (!stale) return connection;
          await connection.rows('ROLLBACK').catch(() => undefined);
          connection.release();
          throw new Error(`The database moved on from revision ${state.revision}: the read runs again`);
        });
        let outcome: { value: T } | { error: unknown };
        try {
          outcome = { value: await fn(new PgReadTx(source, this.sql, state)) };
        } catch (error) {
          outcome = { error };
        }
        const opened = await source.opened()?.catch(() => undefined);
        if (opened) {
          await opened.rows('COMMIT').catch(() => undefined);
          opened.release();
        }
        if (stale) return this.snapshotRead(fn);
        if ('error' in outcome) throw outcome.error;
        return outcome.value;
      })(),
    );
  }

  write<T>(fn: (tx: WriteTx) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(closedError());
    return this.track(this.writes.write(fn));
  }

  /** Told of every commit on this schema, by any process (LISTEN/NOTIFY, see commit-listener.ts). */
  onCommit(listener: () => void): () => void {
    return this.commits.subscribe(listener);
  }

  async exclusively<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closing) throw closedError();
    return this.track(
      (async () => {
        const connection = await Connection.open(this.pool);
        const key = `flagadmin start-up ${this.sql.schema}`;
        try {
          await connection.rows('SELECT pg_advisory_lock(hashtext($1))', [key]);
          try {
            return await fn();
          } finally {
            await connection.rows('SELECT pg_advisory_unlock(hashtext($1))', [key]);
          }
        } finally {
          connection.release();
        }
      })(),
    );
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.commits.stop();
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      if (this.ownsPool) await this.pool.end();
    })();
    return this.closing;
  }

  /** Counts `work` as in flight (close() waits for it). */
  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }

  /** A read in a snapshot of its own from the start (no cache): BEGIN + state row, fn, COMMIT. */
  private async snapshotRead<T>(fn: (tx: ReadTx) => Promise<T>): Promise<T> {
    const connection = await Connection.open(this.pool);
    try {
      const state = await connection.begin(this.sql.beginRead);
      try {
        return await fn(new PgReadTx(connection, this.sql, state));
      } finally {
        await connection.rows('COMMIT').catch(() => undefined);
      }
    } finally {
      connection.release();
    }
  }
}
