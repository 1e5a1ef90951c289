import { constants } from 'node:fs';
import { mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import type { Storage } from '@flagadmin/core';
import { MemoryEngine, type ChangeSet, type StateImage } from '@flagadmin/storage-memory/engine';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-json-file';
import { FlagadminStorageCorruptError } from './errors';
import { EventLog } from './event-log';
import { fsyncDir, isCode, readAt, writeAll } from './fs-util';
import { Journal, entryChanges, journalText, readJournal, type JournalEntry } from './journal';
import { acquireLock } from './lock';
import { storePaths, type StorePaths } from './paths';
import { FORMAT, VERSION, checkSnapshot, emptySnapshot, parseSnapshot, serializeSnapshot, type SnapshotDocument } from './snapshot';

export interface StorageLogger {
  warn(message: string): void;
  error?(message: string, error?: unknown): void;
}

export interface LowdbStorageOptions {
  /** The data directory (created when missing): `db.json`, `journal.jsonl`, `events.jsonl`, `lock`. */
  dir?: string;
  /** Instead of `dir`: the snapshot file; the other files sit beside it, named after it. */
  file?: string;
  /**
   * Fold the journal into a new snapshot once it holds this many bytes, and at least as many as the
   * last snapshot (so checkpoints cost at most as much writing as the commits since the last one).
   * Default 64 MiB.
   */
  checkpointBytes?: number;
  /** Told about repairs at open (a torn last line) and failed checkpoints. */
  logger?: StorageLogger;
}

const DEFAULT_CHECKPOINT_BYTES = 64 << 20;

/**
 * Opens a file for positional reads and writes, creating it when missing (never O_APPEND). With
 * `durable`, O_DSYNC: a write returns once its data is durable, so a commit is one write, no fsync call.
 */
function openReadWrite(path: string, durable = false): Promise<FileHandle> {
  return open(path, constants.O_RDWR | constants.O_CREAT | (durable ? constants.O_DSYNC : 0), 0o644);
}

/**
 * The embedded default storage: state in memory (MemoryEngine), made durable in a data directory as a
 * lowdb snapshot (`db.json`), a journal of the commits since (`journal.jsonl`) and an append-only event
 * log (`events.jsonl`). See the package README for the format, the commit protocol and recovery.
 * One process at a time: a second open of the same directory is refused (FlagadminStorageLockedError).
 */
export async function lowdbStorage(options: LowdbStorageOptions): Promise<Storage> {
  const paths = storePaths(options);
  await mkdir(paths.dir, { recursive: true });
  const release = await acquireLock(paths.lock, paths.label);
  try {
    return await openLocked(paths, options, release);
  } catch (err) {
    await release();
    throw err;
  }
}

async function openLocked(paths: StorePaths, options: LowdbStorageOptions, release: () => Promise<void>): Promise<Storage> {
  const { logger } = options;
  const checkpointBytes = options.checkpointBytes ?? DEFAULT_CHECKPOINT_BYTES;
  const handles: FileHandle[] = [];
  try {
    // 1. The snapshot (missing: empty).
    const db = new Low<SnapshotDocument>(new DurableJsonFile(paths.snapshot, { serialize: serializeSnapshot, parse: parseSnapshot }), emptySnapshot());
    await db.read();
    const snapshot = checkSnapshot(paths.snapshot, db.data);
    db.data = emptySnapshot(); // the engine holds the records now; keep no second reference to the arrays
    let snapshotBytes = await stat(paths.snapshot).then(
      (s) => s.size,
      (err: unknown) => (isCode(err, 'ENOENT') ? 0 : Promise.reject(err)),
    );

    // 2. The journal: the commits after the snapshot.
    const journalFh = await openReadWrite(paths.journal, true);
    handles.push(journalFh);
    const contents = await readJournal(journalFh, paths.journal);
    let commit = snapshot.commit;
    let lastEventId = snapshot.lastEventId;
    let eventsBytes = snapshot.eventsBytes;
    const replay: JournalEntry[] = [];
    contents.entries.forEach((entry, i) => {
      const where = `line ${i + 1} (commit ${entry.commit})`;
      if (entry.commit <= snapshot.commit) {
        // Already folded into the snapshot (a crash between writing it and emptying the journal).
        if (replay.length) throw new FlagadminStorageCorruptError(paths.journal, `${where} follows commit ${commit}`);
        return;
      }
      if (entry.commit !== commit + 1) {
        throw new FlagadminStorageCorruptError(paths.journal, `${where} should be commit ${commit + 1}`);
      }
      if (entry.events) {
        const [first, last] = entry.events;
        if (first !== lastEventId + 1 || last < first) {
          throw new FlagadminStorageCorruptError(paths.journal, `${where} holds events ${first}..${last} after event ${lastEventId}`);
        }
        lastEventId = last;
      }
      if (entry.eventsBytes < eventsBytes || (!entry.events && entry.eventsBytes !== eventsBytes)) {
        throw new FlagadminStorageCorruptError(paths.journal, `${where} has an inconsistent eventsBytes`);
      }
      eventsBytes = entry.eventsBytes;
      commit = entry.commit;
      replay.push(entry);
    });
    for (const entry of contents.tornEntries) {
      // Lines still whole inside the torn bytes belong to the batch that was being written: after the last
      // counted commit, in a batch begun no later than the next commit. Anything else there is damage.
      if (entry.commit <= commit || entry.batch === undefined || entry.batch > commit + 1) {
        throw new FlagadminStorageCorruptError(paths.journal, `holds commit ${entry.commit} after line ${contents.entries.length} (commit ${commit}) and a damaged line`);
      }
    }

    // 3. The event log. Its lines up to the snapshot's `eventsBytes` are durable (fsynced before the
    //    snapshot was written); the lines of the commits after it are in their journal lines too, and
    //    may be missing or incomplete after a crash: restore them from the journal when they differ.
    const eventsFh = await openReadWrite(paths.events);
    handles.push(eventsFh);
    let eventsSize = (await eventsFh.stat()).size;
    const journalEnd = contents.end;
    const restorable = replay.length > 0 && replay.every((entry) => !entry.events || entry.lines);
    let restored: Buffer | undefined;
    if (restorable && eventsSize >= snapshot.eventsBytes) {
      const expected = Buffer.from(replay.flatMap((entry) => (entry.lines ?? []).map((line) => `${JSON.stringify(line)}\n`)).join(''), 'utf8');
      if (snapshot.eventsBytes + expected.length !== eventsBytes) {
        throw new FlagadminStorageCorruptError(paths.journal, 'the event lines it holds do not add up to its eventsBytes');
      }
      const present = await readAt(eventsFh, snapshot.eventsBytes, Math.min(expected.length, eventsSize - snapshot.eventsBytes));
      if (!present.equals(expected)) {
        restored = expected;
        eventsSize = eventsBytes; // as it will be once restored, below
      }
    }
    if (eventsSize < eventsBytes) {
      throw new FlagadminStorageCorruptError(paths.events, `holds ${eventsSize} bytes where ${eventsBytes} bytes of events were committed`);
    }
    if (restored) {
      // Rewriting these lines restores exactly what was committed (the journal line is the record).
      await writeAll(eventsFh, restored, snapshot.eventsBytes);
      await eventsFh.truncate(eventsBytes);
      await eventsFh.datasync();
      logger?.warn(`${paths.events}: restored the events of ${replay.filter((e) => e.events).length} commit(s) from ${paths.journal} after an interrupted run`);
    }
    const log = await EventLog.open(eventsFh, paths.events, eventsBytes, lastEventId);
    // A snapshot read from disk holds parsed records (text appears only in one being written).
    const records = snapshot.collections as StateImage['collections'];
    const engine = new MemoryEngine(log, { collections: records, sequences: snapshot.sequences }, (batch) =>
      commitBatch(batch),
    );
    for (const entry of replay) engine.apply(entryChanges(entry));

    // 4. Everything is readable: now (and only now) repair what a crash left half written.
    const zeroFh = await openReadWrite(paths.journal);
    handles.push(zeroFh);
    const journal = new Journal(journalFh, zeroFh, journalEnd, contents.size);
    if (contents.torn) {
      logger?.warn(`${paths.journal}: dropped a torn last line (${contents.torn} bytes) left by an interrupted commit`);
      await journal.truncate(journalEnd);
    }
    if (eventsSize > eventsBytes) {
      logger?.warn(`${paths.events}: dropped ${eventsSize - eventsBytes} bytes of events of an interrupted commit`);
      await eventsFh.truncate(eventsBytes);
      await eventsFh.datasync();
    }
    await fsyncDir(paths.dir); // the journal and event log may have just been created

    // 5. The storage.
    let closed = false;
    let closing: Promise<void> | undefined;
    let broken: unknown;
    let checkpointing: Promise<void> | undefined;
    const reads = new Set<Promise<unknown>>();

    /**
     * Makes a batch of change sets durable with one durable write (group commit): all their event lines
     * into the event log's page cache, then one journal line per change set. A change set counts once
     * its journal line is complete, so a crash mid-batch keeps a prefix of it, never a part of one commit.
     */
    const commitBatch = async (batch: readonly ChangeSet[]): Promise<void> => {
      if (broken) throw new Error(`${paths.label}: a failed write could not be undone; reopen the storage`, { cause: broken });
      const allEvents = batch.flatMap((changes) => changes.events);
      const lines = allEvents.length ? EventLog.lines(allEvents) : undefined;
      let eventsEnd = log.end;
      let lineAt = 0;
      const journalLines = batch.map((changes, i) => {
        for (let n = 0; n < changes.events.length; n++) eventsEnd += lines!.lengths[lineAt++]!;
        const head: Omit<JournalEntry, 'puts' | 'lines'> = {
          batch: commit + 1,
          commit: commit + 1 + i,
          events: changes.events.length ? [changes.events[0]!.id, changes.events[changes.events.length - 1]!.id] : null,
          eventsBytes: eventsEnd,
          sequences: Object.fromEntries(changes.sequences),
        };
        return journalText(head, changes.puts, changes.events);
      });
      const journalBytes = Buffer.from(journalLines.join(''), 'utf8');
      try {
        await journal.reserve(journalBytes.length);
        // The journal line (with the events) is the one durable write of a batch (O_DSYNC); the event
        // log is written first, into the page cache in this thread, fsynced at the next checkpoint, and
        // restored from the journal at open if a crash lost part of it.
        if (lines) log.writeLines(lines.bytes, lines.lengths, lines.texts);
        await journal.write(journalBytes);
        journal.end += journalBytes.length; // counted only once the journal write is durable
      } catch (err) {
        // Cut both files back so the next commit appends after the last good line.
        try {
          await log.cutBack();
          await journal.truncate(journal.end);
        } catch (undoError) {
          broken = undoError;
        }
        throw err;
      }
      commit += batch.length;
      if (journal.end >= Math.max(checkpointBytes, snapshotBytes)) scheduleCheckpoint();
    };

    /** Writes the state as a new snapshot, then empties the journal. Runs in the write queue. */
    const checkpoint = async (): Promise<void> => {
      if (journal.end === 0 || broken) return;
      await eventsFh.datasync(); // the snapshot claims these events: they must be durable first
      const image = engine.text();
      db.data = {
        format: FORMAT,
        version: VERSION,
        commit,
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
      snapshotBytes = (await stat(paths.snapshot)).size;
      await journal.truncate(0);
    };

    const scheduleCheckpoint = (): void => {
      if (checkpointing) return;
      checkpointing = engine
        .exclusive(checkpoint)
        .catch((err: unknown) => {
          const message = `${paths.snapshot}: checkpoint failed, the journal keeps growing (${(err as Error).message})`;
          if (logger?.error) logger.error(message, err);
          else logger?.warn(message);
        })
        .finally(() => {
          checkpointing = undefined;
        });
    };

    const ensureOpen = (): void => {
      if (closed) throw new Error(`${paths.label}: storage is closed`);
    };

    return {
      read: async (fn) => {
        ensureOpen();
        const reading = engine.read(fn);
        reads.add(reading);
        try {
          return await reading;
        } finally {
          reads.delete(reading);
        }
      },
      write: async (fn) => {
        ensureOpen();
        return engine.write(fn);
      },
      close: () =>
        (closing ??= (async () => {
          closed = true;
          await engine.idle();
          await Promise.allSettled(reads); // reads in flight still use the event log's file
          try {
            await engine.exclusive(checkpoint);
          } catch (err) {
            const message = `${paths.snapshot}: checkpoint at close failed; the journal still holds every commit (${(err as Error).message})`;
            if (logger?.error) logger.error(message, err);
            else logger?.warn(message);
          }
          await journal.settled();
          await Promise.allSettled(handles.map((fh) => fh.close()));
          await release();
        })()),
    };
  } catch (err) {
    await Promise.allSettled(handles.map((fh) => fh.close()));
    throw err;
  }
}
