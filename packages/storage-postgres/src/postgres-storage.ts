/**
 * postgresStorage(): the Storage contract on PostgreSQL. A read begins at a state-row read sent after it
 * (a notified read: at the state this process has learned of, see notified-state.ts) and answers from the
 * read cache, or from a REPEATABLE READ READ ONLY snapshot at that revision.
 * Writes run in batches that lock the one state row first (`SELECT ... FOR UPDATE`), so the writes of
 * every process run one after another, and resolve after COMMIT. Errors meaning "the database is not
 * there" become FlagadminStorageUnavailableError.
 */
import type { ReadOptions, ReadTx, Storage, WriteTx } from '@flagadmin/core';
import { CachedSource, keepWritten } from './cached-read';
import { Connection } from './connection';
import { asUnavailable, isUnavailable } from './errors';
import { DEFAULT_CACHE_CHARS, DEFAULT_RECHECK_MS, type CommonOptions, type PostgresStorageOptions, type StorageLogger } from './options';
import { endPools, openPools, type Pools } from './pools';
import { migrate } from './migrations';
import type { PgPool } from './pool';
import { PgReadTx, type StateRow } from './read-tx';
import { ReadCache } from './read-cache';
import { statements, type Statements } from './schema';
import { WriteQueue } from './write-queue';
import { CommitListener } from './commit-listener';
import { NotifiedState, parseNotice } from './notified-state';

export interface PostgresStorage extends Storage {
  /** Told of every commit on the schema, by any process (LISTEN/NOTIFY; see the README's Reads). */
  onCommit(listener: () => void): () => void;
  /**
   * Runs `fn` while holding this schema's start-up lock (a session advisory lock): one process at a
   * time, across every process on the database. For one-time set-up such as demo data.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
}

export async function postgresStorage(options: PostgresStorageOptions): Promise<PostgresStorage> {
  const schema = options.schema ?? 'flagadmin';
  if ('pool' in options) {
    try {
      await migrate(options.pool, schema);
    } catch (error) {
      throw asUnavailable(error);
    }
    return new PgStorage({ pool: options.pool, session: options.pool }, statements(schema), false, options, options.logger);
  }
  return new PgStorage(await openPools(options, schema), statements(schema), true, options, options.logger);
}

const closedError = () => new Error('The PostgreSQL storage is closed');

class PgStorage implements PostgresStorage {
  private readonly inFlight = new Set<Promise<unknown>>();
  private closing: Promise<void> | undefined;
  private readonly cache: ReadCache;
  private readonly writes: WriteQueue;
  private readonly listener: CommitListener;
  private readonly notified: NotifiedState;
  /** core's onCommit listeners. */
  private readonly commitListeners = new Set<() => void>();
  private recheck: ReturnType<typeof setInterval> | undefined;
  /** Revisions this process committed whose notification has not arrived yet (the cache is there already). */
  private readonly ownCommits = new Set<number>();
  private readonly recheckMs: number;

  private readonly pool: PgPool;

  constructor(
    private readonly pools: Pools,
    private readonly sql: Statements,
    private readonly ownsPool: boolean,
    options: CommonOptions,
    logger?: StorageLogger,
  ) {
    const { pool } = pools;
    this.pool = pool;
    this.recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS;
    this.notified = new NotifiedState(this.recheckMs);
    this.listener = new CommitListener(
      pools.session,
      sql.listen,
      sql.channel,
      {
        notified: (payload) => this.heard(payload),
        listening: () => this.relistened(),
        lost: () => {
          this.notified.lost();
          this.ownCommits.clear();
        },
      },
      logger,
    );
    this.cache = new ReadCache(async () => {
      const sentAt = this.notified.now();
      const connection = await Connection.open(pool);
      try {
        const row = await connection.begin(sql.state);
        const known = this.notified.last()?.revision ?? row.revision;
        this.notified.read(row, sentAt);
        // A commit no notification told of (lost unseen): core's streams hear of it now.
        if (row.revision > known) this.tell();
        return row;
      } finally {
        connection.release();
      }
    }, options.cacheChars ?? DEFAULT_CACHE_CHARS);
    this.writes = new WriteQueue(
      pool,
      sql,
      this.cache,
      (state) => {
        this.notified.learned(state);
        // Bounded: each comes back with its notification; a listener that is down clears them.
        if (this.listener.live && this.ownCommits.size < 1024) this.ownCommits.add(state.revision);
      },
      () => this.listener.live,
    );
    // A process's own pool listens from the start (the connection budget sees the process by it); with a
    // pool given, from the first SDK-facing read or onCommit.
    if (ownsPool) this.listener.start();
  }

  /**
   * Begins at the state row of a statement sent after the call (a notified read: at the state this
   * process has learned of, when that is complete: notified-state.ts); answers from the read cache, opening a
   * snapshot at its first miss. When the database moved on before that miss, `fn` runs again in a plain
   * snapshot (its first run's answers are dropped; read functions only read).
   */
  read<T>(fn: (tx: ReadTx) => Promise<T>, options?: ReadOptions): Promise<T> {
    if (this.closing) return Promise.reject(closedError());
    return this.track(
      (async () => {
        const state = options?.freshness === 'notified' ? await this.notifiedState() : await this.cache.currentState();
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
    const own = () => listener();
    this.commitListeners.add(own);
    if (!this.closing) this.listener.start();
    // While someone listens, the state row is read at least every recheckMs unless notifications are known
    // complete: a notification lost unseen wakes the listeners that late at most.
    this.recheck ??= setInterval(() => {
      if (!this.notified.usable()) this.cache.currentState().catch(() => undefined);
    }, this.recheckMs);
    this.recheck.unref?.();
    return () => {
      this.commitListeners.delete(own);
      if (this.commitListeners.size === 0) this.stopRecheck();
    };
  }

  private stopRecheck(): void {
    if (this.recheck !== undefined) clearInterval(this.recheck);
    this.recheck = undefined;
  }

  /**
   * The state a notified read begins at: the one learned of, while that is complete; else a state-row
   * read, and when the database cannot answer it, the last state known (SDKs keep being served what they
   * had while the database is away; a miss of the read cache still fails as unavailable).
   */
  private notifiedState(): StateRow | Promise<StateRow> {
    this.listener.start();
    const usable = this.notified.usable();
    if (usable) return usable;
    return this.cache.currentState().catch((error: unknown) => {
      const last = this.notified.last();
      if (last && isUnavailable(error)) return last;
      throw error;
    });
  }

  /** A commit notification: the state and the read cache follow it, then core's listeners hear of it. */
  private heard(payload: string): void {
    const notice = parseNotice(payload);
    if (notice && this.ownCommits.delete(notice.to)) {
      // This process's own commit: the cache followed it at COMMIT.
    } else if (notice) {
      this.notified.learned({ revision: notice.to, lastEventId: notice.lastEventId });
      if (this.cache.advance(notice.from, notice.to, notice.tables)) keepWritten(this.cache, this.sql, notice.to, notice.records());
    } else this.notified.unsure();
    this.tell();
  }

  /** LISTEN is in place again: the state row is read (what was committed meanwhile), then listeners hear. */
  private relistened(): void {
    this.notified.listening();
    this.cache.currentState().then(
      () => this.tell(),
      () => undefined, // the next notified read asks again
    );
  }

  private tell(): void {
    for (const listener of this.commitListeners) listener();
  }

  async exclusively<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closing) throw closedError();
    return this.track(
      (async () => {
        // A transaction's lock, held by a transaction left open while `fn` runs: a transaction keeps its
        // connection even behind a transaction-mode pooler (a session lock and its unlock might not), and
        // the lock goes with the transaction whatever happens to this process.
        const connection = await Connection.open(this.pools.session);
        try {
          const [begin, lock] = this.sql.startUpLock;
          await connection.rows(begin);
          try {
            await connection.rows(lock, [`flagadmin start-up ${this.sql.schema}`]);
            return await fn();
          } finally {
            await connection.rows('ROLLBACK').catch(() => undefined); // it wrote nothing: ending it frees the lock
          }
        } finally {
          connection.release();
        }
      })(),
    );
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.listener.stop();
      this.stopRecheck();
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      if (this.ownsPool) await endPools(this.pools);
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
