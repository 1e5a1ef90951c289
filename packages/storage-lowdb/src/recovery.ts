import { stat, type FileHandle } from 'node:fs/promises';
import type { ChangeSet, StateImage } from '@flagadmin/storage-memory/engine';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-json-file';
import { FlagadminStorageCorruptError } from './errors';
import { EventLog } from './event-log';
import { fsyncDir, isCode, openReadWrite, readAt, writeAll } from './fs-util';
import { Journal, entryChanges } from './journal';
import { journalChain, readJournal } from './journal-reader';
import type { StorePaths } from './paths';
import { checkSnapshot, emptySnapshot, parseSnapshot, serializeSnapshot, type SnapshotDocument } from './snapshot';

/** Told about repairs at open (a torn last line), failed checkpoints, writes failing for want of disk; pino-style, so `pino()` fits. */
export interface StorageLogger {
  warn(message: string): void;
  error?(fields: { err: unknown }, message: string): void;
}

/** A data directory read back: the state to load, the commits to replay on it, and the open files. */
export interface Recovered {
  /** The snapshot's lowdb document (emptied: the state lives in `image` now). */
  db: Low<SnapshotDocument>;
  snapshotBytes: number;
  /** The snapshot's records and sequences. */
  image: StateImage;
  /** The journal's commits after the snapshot, as change sets, in order. */
  replay: ChangeSet[];
  /** Number of the last counted commit. */
  commit: number;
  journal: Journal;
  log: EventLog;
  eventsFh: FileHandle;
  /** Every file handle opened, to close at the end. */
  handles: FileHandle[];
}

/**
 * Reads and checks every file of a data directory (the README's "Recovery", steps 2 to 5): the
 * snapshot, the journal's commits after it, the event log (its tail restored from the journal where
 * a crash lost it). Only once everything has been read and checked are the leftovers of an
 * interrupted commit cut away. A corrupt file is never modified: the error names it.
 */
export async function recover(paths: StorePaths, logger: StorageLogger | undefined): Promise<Recovered> {
  const handles: FileHandle[] = [];
  try {
    // The snapshot (missing: empty).
    const db = new Low<SnapshotDocument>(
      new DurableJsonFile(paths.snapshot, { serialize: serializeSnapshot, parse: parseSnapshot }),
      emptySnapshot(),
    );
    await db.read();
    const snapshot = checkSnapshot(paths.snapshot, db.data);
    db.data = emptySnapshot(); // the engine holds the records now; keep no second reference to the arrays
    const snapshotBytes = await stat(paths.snapshot).then(
      (s) => s.size,
      (err: unknown) => (isCode(err, 'ENOENT') ? 0 : Promise.reject(err)),
    );

    // The journal: the commits after the snapshot.
    const journalFh = await openReadWrite(paths.journal, true);
    handles.push(journalFh);
    const contents = await readJournal(journalFh, paths.journal);
    const { replay, commit, lastEventId, eventsBytes } = journalChain(contents, snapshot, paths.journal);

    // The event log. Its lines up to the snapshot's `eventsBytes` are durable (fsynced before the
    // snapshot was written); the lines of the commits after it are in their journal lines too, and
    // may be missing or incomplete after a crash: restore them from the journal when they differ.
    const eventsFh = await openReadWrite(paths.events);
    handles.push(eventsFh);
    let eventsSize = (await eventsFh.stat()).size;
    const restorable = replay.length > 0 && replay.every((entry) => !entry.events || entry.lines);
    let restored: Buffer | undefined;
    if (restorable && eventsSize >= snapshot.eventsBytes) {
      const expected = Buffer.from(
        replay.flatMap((entry) => (entry.lines ?? []).map((line) => `${JSON.stringify(line)}\n`)).join(''),
        'utf8',
      );
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
      logger?.warn(
        `${paths.events}: restored the events of ${replay.filter((e) => e.events).length} commit(s) from ${paths.journal} after an interrupted run`,
      );
    }
    const log = await EventLog.open(eventsFh, paths.events, eventsBytes, lastEventId);
    // A snapshot read from disk holds parsed records (text appears only in one being written).
    const image: StateImage = { collections: snapshot.collections as StateImage['collections'], sequences: snapshot.sequences };
    const changes = replay.map(entryChanges);

    // Everything is readable: now (and only now) repair what a crash left half written.
    const zeroFh = await openReadWrite(paths.journal);
    handles.push(zeroFh);
    const journal = new Journal(journalFh, zeroFh, contents.end, contents.size);
    if (contents.torn) {
      logger?.warn(`${paths.journal}: dropped a torn last line (${contents.torn} bytes) left by an interrupted commit`);
      await journal.truncate(contents.end);
    }
    if (eventsSize > eventsBytes) {
      logger?.warn(`${paths.events}: dropped ${eventsSize - eventsBytes} bytes of events of an interrupted commit`);
      await eventsFh.truncate(eventsBytes);
      await eventsFh.datasync();
    }
    await fsyncDir(paths.dir); // the journal and event log may have just been created
    return { db, snapshotBytes, image, replay: changes, commit, journal, log, eventsFh, handles };
  } catch (err) {
    await Promise.allSettled(handles.map((fh) => fh.close()));
    throw err;
  }
}
