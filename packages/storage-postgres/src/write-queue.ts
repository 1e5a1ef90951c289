/**
 * This process's writes: queued, then run in batches (see write-batch.ts), one batch at a time. A batch
 * takes the state row's lock (`SELECT ... FOR UPDATE`), so batches of every process run one after
 * another; each write resolves after its batch's COMMIT, or rejects with its own error.
 */
import type { WriteTx } from '@flagadmin/core';
import { CachedSource, keepWritten } from './cached-read';
import { Connection } from './connection';
import type { PgPool } from './pool';
import type { ReadCache } from './read-cache';
import type { StateRow } from './read-tx';
import type { Statements } from './schema';
import { WriteBatch } from './write-batch';
import { PgWriteTx } from './write-tx';

interface QueuedWrite {
  fn: (tx: WriteTx) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Most writes in one transaction (bounds how long the lock is held). */
const MAX_BATCH = 64;
/** Longest a batch holding the lock waits for the notification of the commit before it, ms. */
const NOTICE_WAIT_MS = 1;

export class WriteQueue {
  private readonly queue: QueuedWrite[] = [];
  private running = false;

  constructor(
    private readonly pool: PgPool,
    private readonly sql: Statements,
    private readonly cache: ReadCache,
    /** Told of each batch's committed state (before its writes resolve). */
    private readonly committed: (state: StateRow) => void,
    /** Whether commit notifications arrive now (the listener listens). */
    private readonly listening: () => boolean,
  ) {}

  write<T>(fn: (tx: WriteTx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) await this.batch();
    } finally {
      this.running = false;
    }
  }

  private async batch(): Promise<void> {
    let connection: Connection;
    let batch: WriteBatch;
    try {
      connection = await Connection.open(this.pool);
    } catch (error) {
      // No database: every write waiting now fails at once, none waits for a timeout of its own.
      for (const write of this.queue.splice(0)) write.reject(error);
      return;
    }
    const done: { write: QueuedWrite; result: unknown }[] = [];
    try {
      try {
        batch = new WriteBatch(await connection.begin(this.sql.beginWrite));
      } catch (error) {
        for (const write of this.queue.splice(0)) write.reject(error);
        return;
      }
      // Another process committed the revision just locked: its notification (sent at that COMMIT) moves the
      // read cache along what it did not change; waiting a moment for it beats reading everything again.
      const { revision } = batch.locked;
      if (this.listening() && this.cache.at() >= 0 && this.cache.at() < revision) await this.cache.reach(revision, NOTICE_WAIT_MS);
      // Then the cache is at the locked revision (what it could not follow dropped): this batch's collection tokens.
      this.cache.lockedAt(revision);
      const source = new CachedSource(this.sql, batch.locked, this.cache, async () => connection);
      while (this.queue.length > 0 && done.length < MAX_BATCH) {
        const write = this.queue.shift()!;
        const tx = new PgWriteTx(source, this.sql, batch);
        try {
          const result = await write.fn(tx);
          batch.merge(tx.layer);
          done.push({ write, result });
        } catch (error) {
          write.reject(connection.failed(error));
        }
        // A statement failed: the transaction is aborted, the writes merged so far cannot commit.
        if (connection.statementFailed) throw connection.statementFailed;
      }
      if (done.length === 0) {
        await connection.rows('ROLLBACK');
        return;
      }
      // The flush and the COMMIT in one message: the lock is held for one round trip, not two.
      await connection.rows(`${batch.flush(this.sql)};\nCOMMIT`);
      if (this.cache.advance(batch.locked.revision, batch.state().revision, batch.touched()))
        keepWritten(this.cache, this.sql, batch.state().revision, batch.written());
      this.committed(batch.state());
      for (const { write, result } of done) write.resolve(result);
    } catch (error) {
      await connection.rows('ROLLBACK').catch(() => undefined);
      const failure = connection.failed(error);
      for (const { write } of done) write.reject(failure);
    } finally {
      connection.release();
    }
  }
}
