import { stat } from 'node:fs/promises';
import type { ReadTx, Storage } from '@flagadmin/core';
import { MemoryEngine, type ChangeSet } from '@flagadmin/storage-memory/engine';
import { EventLog } from './event-log';
import { journalText, type JournalEntry } from './journal';
import type { StorePaths } from './paths';
import type { Recovered, StorageLogger } from './recovery';
import { FORMAT, VERSION, emptySnapshot } from './snapshot';
import { WriteHealth, type BatchBytes } from './write-health';

/**
 * An open data directory (the README's "Commit protocol"): the engine holds the state; `commitBatch`
 * makes its change sets durable (journal line + event log), `checkpoint` folds the journal into a new
 * snapshot, `close` checkpoints and closes the files.
 */
export class LowdbStore {
  readonly engine: MemoryEngine;
  /** Number of the last commit in the journal (or folded into the snapshot). */
  private commit: number;
  private snapshotBytes: number;
  /** Set when a failed commit could not be cut back: no write may follow. */
  private broken: unknown;
  /** Whether writes fail for want of disk (full, read-only, ...): what `ready()` answers. */
  private readonly health: WriteHealth;
  private checkpointing: Promise<void> | undefined;
  private closed = false;
  private closing: Promise<void> | undefined;
  /** Reads in flight: they still use the event log's file. */
  private readonly reads = new Set<Promise<unknown>>();

  constructor(
    private readonly paths: StorePaths,
    private readonly files: Recovered,
    private readonly checkpointBytes: number,
    private readonly logger: StorageLogger | undefined,
    private readonly release: () => Promise<void>,
  ) {
    this.commit = files.commit;
    this.snapshotBytes = files.snapshotBytes;
    this.health = new WriteHealth(
      paths.label,
      (message) => logger?.warn(message),
      (what, err) => this.report(what, err),
    );
    this.engine = new MemoryEngine(files.log, files.image, (batch) => this.commitBatch(batch));
    for (const changes of files.replay) this.engine.apply(changes);
    files.replay = [];
  }

  /** The store as flagadmin's Storage. */
  storage(): Storage {
    return {
      read: (fn) => this.read(fn),
      write: async (fn) => {
        this.ensureOpen();
        return this.engine.write(fn);
      },
      ready: () => this.ready(),
      onCommit: (listener) => this.engine.onCommit(listener),
      close: () => this.close(),
    };
  }

  private read<T>(fn: (tx: ReadTx) => Promise<T>): Promise<T> {
    try {
      this.ensureOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    // The engine's own promise goes back to the caller: no extra async frame per read (every request
    // reads at least twice); `close` still waits for the reads in flight.
    const reading = this.engine.read(fn);
    this.reads.add(reading);
    const settled = () => void this.reads.delete(reading);
    reading.then(settled, settled);
    return reading;
  }

  /**
   * Makes a batch of change sets durable with one durable write (group commit): all their event lines
   * into the event log's page cache, then one journal line per change set. A change set counts once
   * its journal line is complete, so a crash mid-batch keeps a prefix of it, never a part of one commit.
   */
  async commitBatch(batch: readonly ChangeSet[]): Promise<void> {
    const { journal, log } = this.files;
    this.refuseIfBroken();
    const allEvents = batch.flatMap((changes) => changes.events);
    const lines = allEvents.length ? EventLog.lines(allEvents) : undefined;
    let eventsEnd = log.end;
    let lineAt = 0;
    const journalLines = batch.map((changes, i) => {
      for (let n = 0; n < changes.events.length; n++) eventsEnd += lines!.lengths[lineAt++]!;
      const head: Omit<JournalEntry, 'puts' | 'deletes' | 'lines'> = {
        batch: this.commit + 1,
        commit: this.commit + 1 + i,
        events: changes.events.length ? [changes.events[0]!.id, changes.events[changes.events.length - 1]!.id] : null,
        eventsBytes: eventsEnd,
        sequences: Object.fromEntries(changes.sequences),
      };
      return journalText(head, changes);
    });
    const journalBytes = Buffer.from(journalLines.join(''), 'utf8');
    /** Which files this batch began to write (only those are cut back on failure). */
    let eventsWritten = false;
    let journalWritten = false;
    try {
      await journal.reserve(journalBytes.length);
      // The journal line (with the events) is the one durable write of a batch (O_DSYNC); the event
      // log is written first, into the page cache in this thread, fsynced at the next checkpoint, and
      // restored from the journal at open if a crash lost part of it.
      eventsWritten = lines !== undefined;
      if (lines) log.writeLines(lines.bytes, lines.lengths, lines.texts);
      journalWritten = true;
      await journal.write(journalBytes);
      journal.end += journalBytes.length; // counted only once the journal write is durable
    } catch (err) {
      // Cut the files back so the next commit appends after the last good line. Only those written to:
      // the journal's preallocated zeros stay when its write never began (on a full disk they are room
      // kept for it), and a file system that turned read-only, refusing even a truncate, breaks nothing
      // that was not touched.
      try {
        if (eventsWritten) await log.cutBack();
        if (journalWritten) await journal.truncate(journal.end);
      } catch (undoError) {
        this.broken = undoError;
      }
      throw this.health.failed(err, { journal: journalBytes.length, events: lines?.bytes.length ?? 0 });
    }
    this.health.succeeded();
    this.commit += batch.length;
    if (journal.end >= Math.max(this.checkpointBytes, this.snapshotBytes)) this.scheduleCheckpoint();
  }

  /**
   * Storage.ready: at once while commits succeed; after one failed for want of disk, a trial write in
   * the write queue (see WriteHealth): zeros after both files' committed ends, the event log's cut off again.
   */
  private ready(): Promise<void> {
    try {
      this.ensureOpen();
      this.refuseIfBroken();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.health.ready((bytes) => this.engine.exclusive(() => this.trialWrite(bytes)));
  }

  private async trialWrite(bytes: BatchBytes): Promise<void> {
    if (bytes.events) await this.files.log.probe(bytes.events);
    await this.files.journal.probe(bytes.journal);
  }

  /** Writes the state as a new snapshot, then empties the journal. Runs in the write queue. */
  async checkpoint(): Promise<void> {
    const { journal, log, db, eventsFh } = this.files;
    if (journal.end === 0 || this.broken) return;
    await eventsFh.datasync(); // the snapshot claims these events: they must be durable first
    const image = this.engine.text();
    db.data = {
      format: FORMAT,
      version: VERSION,
      commit: this.commit,
      lastEventId: log.lastId,
      eventsBytes: log.end,
      sequences: image.sequences,
      collections: image.collections,
    };
    try {
      await db.write();
    } finally {
      db.data = emptySnapshot();
    }
    this.snapshotBytes = (await stat(this.paths.snapshot)).size;
    await journal.truncate(0);
  }

  private scheduleCheckpoint(): void {
    if (this.checkpointing) return;
    this.checkpointing = this.engine
      .exclusive(() => this.checkpoint())
      .catch((err: unknown) => this.report(`${this.paths.snapshot}: checkpoint failed, the journal keeps growing`, err))
      .finally(() => {
        this.checkpointing = undefined;
      });
  }

  /** Lets queued writes and reads finish, checkpoints, closes the files and releases the lock. Idempotent. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      this.closed = true;
      await this.engine.idle();
      await Promise.allSettled(this.reads); // reads in flight still use the event log's file
      try {
        await this.engine.exclusive(() => this.checkpoint());
      } catch (err) {
        this.report(`${this.paths.snapshot}: checkpoint at close failed; the journal still holds every commit`, err);
      }
      await this.files.journal.settled();
      await this.files.log.stopIndexing();
      await Promise.allSettled(this.files.handles.map((fh) => fh.close()));
      await this.release();
    })());
  }

  private report(what: string, err: unknown): void {
    const message = `${what} (${(err as Error).message})`;
    if (this.logger?.error) this.logger.error({ err }, message);
    else this.logger?.warn(message);
  }

  /** After a failed commit could not be cut back, no write may follow (reopening recovers). */
  private refuseIfBroken(): void {
    if (this.broken) throw new Error(`${this.paths.label}: a failed write could not be undone; reopen the storage`, { cause: this.broken });
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error(`${this.paths.label}: storage is closed`);
  }
}
