import type { FileHandle } from 'node:fs/promises';
import type { CollectionName, SequenceName } from '@flagadmin/core';
import { putEntry, type ChangeSet } from '@flagadmin/storage-memory/engine';
import { writeAll } from './fs-util';

/** One line of the journal: what one write transaction changed. */
export interface JournalEntry {
  /** 1, 2, 3, ... over the life of the data directory (a snapshot records the last it folded in). */
  commit: number;
  /** Ids of the events this commit appended, first and last; null when none. */
  events: [number, number] | null;
  /** Byte length of the event log once this commit's events are in it. */
  eventsBytes: number;
  /** New values of the sequences this commit advanced. */
  sequences: { [S in SequenceName]?: number };
  /** Whole records written, in order: [collection, record]. */
  puts: [CollectionName, unknown][];
  /**
   * Keys of the records removed: [collection, key] (absent when none, and in journals written before
   * deletes existed). A key is in `puts` or in `deletes`, never both.
   */
  deletes?: [CollectionName, string][];
  /**
   * The first commit of the group commit this one was written with (absent in journals written
   * before group commit: then each commit is its own batch).
   */
  batch?: number;
  /**
   * The events this commit appended, as written to `events.jsonl` (each line is the JSON text of one
   * of these): the journal is the write-ahead log, so the event log's tail can be restored from it.
   * Absent in journals written before this field (their events are durable in the event log itself).
   */
  lines?: unknown[];
}

/**
 * The journal line of a commit: the JSON text of its entry, built from records that are already JSON
 * text (never serialized again).
 */
export function journalText(head: Omit<JournalEntry, 'puts' | 'deletes' | 'lines'>, changes: ChangeSet): string {
  const { puts, deletes, events } = changes;
  const records = puts.map((p) => `[${JSON.stringify(p.collection)},${p.json}]`).join(',');
  const removed = deletes.length ? `,"deletes":${JSON.stringify(deletes.map((d) => [d.collection, d.key]))}` : '';
  const lines = events.length ? `,"lines":[${events.map((e) => e.json).join(',')}]` : '';
  return `${JSON.stringify(head).slice(0, -1)},"puts":[${records}]${removed}${lines}}\n`;
}

export function entryChanges(entry: JournalEntry): ChangeSet {
  return {
    puts: entry.puts.map(([collection, record]) => putEntry(collection, record)),
    deletes: (entry.deletes ?? []).map(([collection, key]) => ({ collection, key })),
    events: [],
    sequences: Object.entries(entry.sequences) as [SequenceName, number][],
  };
}

/** Zeros the journal is extended with ahead of its lines: 1 MiB at first, doubling up to 16 MiB. */
const GROW_MIN = 1 << 20;
const GROW_MAX = 16 << 20;
const ZEROS = Buffer.alloc(GROW_MIN);

/**
 * The open journal file (opened with O_DSYNC): appends whole lines at its known end.
 *
 * The file is kept preallocated with zeros ahead of its end, so a commit overwrites bytes the file
 * already has: its durable write changes no file size and no block map, and needs no file-system
 * journal commit (on ext4 measured ~30% faster per durable write, more when the event log is written
 * beside it). The same idea as PostgreSQL's pre-zeroed WAL segments.
 */
export class Journal {
  private growing: Promise<void> | undefined;

  constructor(
    /** Opened with O_DSYNC: every write through it is durable on return. */
    readonly fh: FileHandle,
    /** The same file without O_DSYNC: zeros are written through the page cache, then synced once. */
    private readonly zeroFh: FileHandle,
    /** Bytes of complete, committed lines. */
    public end: number,
    /** Size of the file: the committed lines and the zeros after them. */
    public allocated: number,
  ) {}

  /**
   * Makes room for `bytes` more after the end: returns a promise only when they do not fit yet. Starts
   * growing ahead, in the background, once less than half a step of zeros is left.
   */
  reserve(bytes: number): Promise<void> | undefined {
    const need = this.end + bytes;
    if (need > this.allocated) return this.growTo(need);
    if (this.allocated - need < this.step() / 2 && !this.growing) {
      this.grow().catch(() => undefined); // a failure meets the next commit that needs the room
    }
    return undefined;
  }

  private async growTo(need: number): Promise<void> {
    while (need > this.allocated) await this.grow();
  }

  private step(): number {
    return Math.min(GROW_MAX, Math.max(GROW_MIN, this.allocated));
  }

  /**
   * Appends one step of zeros after the allocated end: written through the page cache and synced
   * once (one flush per step, not one per MiB). Commits never rely on the zeros being durable (an
   * O_DSYNC write makes whatever it needs durable); syncing them only keeps later commits fast.
   */
  private grow(): Promise<void> {
    return (this.growing ??= (async () => {
      const from = this.allocated;
      const size = this.step();
      try {
        for (let at = 0; at < size; at += ZEROS.length) await writeAll(this.zeroFh, ZEROS, from + at);
        await this.zeroFh.datasync();
      } catch (err) {
        // A disk that filled up mid-step: give back the zeros written so far (they would hold space
        // nothing can use); the file is as before. A failure to cut them only leaves harmless zeros.
        await this.zeroFh.truncate(from).catch(() => undefined);
        throw err;
      }
      this.allocated = from + size;
    })().finally(() => {
      this.growing = undefined;
    }));
  }

  /** Writes lines at the committed end, not counted yet (durable on return: O_DSYNC). */
  async write(line: Buffer): Promise<void> {
    await writeAll(this.fh, line, this.end);
  }

  /**
   * Whether `bytes` more can be made durable after the end now (a readiness probe after a failed
   * commit): makes room for them, then writes zeros over the zeros there, durably. Changes no line.
   */
  async probe(bytes: number): Promise<void> {
    await this.reserve(bytes);
    await writeAll(this.fh, Buffer.alloc(bytes), this.end);
  }

  /** Resolves once no growth is under way (before the file is closed). */
  async settled(): Promise<void> {
    await this.growing?.catch(() => undefined);
  }

  /** Cuts the file to `length` bytes, dropping the preallocated zeros too (regrown when next needed). */
  async truncate(length: number): Promise<void> {
    await this.growing?.catch(() => undefined);
    await this.fh.truncate(length);
    await this.fh.datasync();
    this.end = length;
    this.allocated = length;
  }
}
