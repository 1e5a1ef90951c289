import type { FileHandle } from 'node:fs/promises';
import { COLLECTION_NAMES, type CollectionName, type SequenceName } from '@flagadmin/core';
import { putEntry, type ChangeSet, type PreparedEvent, type PutEntry } from '@flagadmin/storage-memory/engine';
import { FlagadminStorageCorruptError } from './errors';
import { readAt, writeAll } from './fs-util';

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
export function journalText(
  head: Omit<JournalEntry, 'puts' | 'lines'>,
  puts: readonly PutEntry[],
  events: readonly PreparedEvent[],
): string {
  const records = puts.map((p) => `[${JSON.stringify(p.collection)},${p.json}]`).join(',');
  const lines = events.length ? `,"lines":[${events.map((e) => e.json).join(',')}]` : '';
  return `${JSON.stringify(head).slice(0, -1)},"puts":[${records}]${lines}}\n`;
}

export function entryChanges(entry: JournalEntry): ChangeSet {
  return {
    puts: entry.puts.map(([collection, record]) => putEntry(collection, record)),
    events: [],
    sequences: Object.entries(entry.sequences) as [SequenceName, number][],
  };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const collections = new Set<string>(COLLECTION_NAMES);

function checkEntry(value: unknown): value is JournalEntry {
  const e = value as JournalEntry;
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return false;
  if (!isCount(e.commit) || e.commit === 0 || !isCount(e.eventsBytes)) return false;
  if (e.batch !== undefined && (!isCount(e.batch) || e.batch === 0 || e.batch > e.commit)) return false;
  if (e.lines !== undefined) {
    if (!Array.isArray(e.lines) || e.events === null || e.lines.length !== e.events[1] - e.events[0] + 1) return false;
    if (!e.lines.every((l) => typeof l === 'object' && l !== null && !Array.isArray(l))) return false;
  }
  if (e.events !== null && !(Array.isArray(e.events) && e.events.length === 2 && e.events.every(isCount))) return false;
  if (typeof e.sequences !== 'object' || e.sequences === null || !Object.values(e.sequences).every(isCount)) return false;
  return (
    Array.isArray(e.puts) &&
    e.puts.every((p) => Array.isArray(p) && p.length === 2 && collections.has(p[0]) && typeof p[1] === 'object' && p[1] !== null)
  );
}

export interface JournalContents {
  entries: JournalEntry[];
  /** Byte offset just after each entry's line. */
  ends: number[];
  /** Byte length of the complete lines. */
  end: number;
  /**
   * Bytes after the complete lines that are not preallocated zeros: a batch torn by a crash while it
   * was written (a partial line, or lines with a hole of zeros where a sector never reached the disk).
   */
  torn: number;
  /** Entries that could still be read whole inside the torn bytes (all of the unfinished batch). */
  tornEntries: JournalEntry[];
  /** Size of the file: its complete lines, the torn bytes, and the preallocated zeros after them. */
  size: number;
}

/**
 * Parses the journal. Every newline-terminated line must be a valid entry, else the file is corrupt
 * (an error naming it and the line). The lines stop at the first NUL byte (no JSON line holds one):
 * what follows is the preallocated zero tail. Only the bytes of the last batch, torn by a crash while
 * it was written, may lie between the complete lines and the zeros.
 */
export async function readJournal(fh: FileHandle, file: string): Promise<JournalContents> {
  const { size } = await fh.stat();
  const bytes = await readAt(fh, 0, size);
  const firstNul = bytes.indexOf(0);
  const limit = firstNul === -1 ? bytes.length : firstNul;
  const entries: JournalEntry[] = [];
  const ends: number[] = [];
  let start = 0;
  let line = 0;
  for (let nl = bytes.indexOf(10, start); nl !== -1 && nl < limit; nl = bytes.indexOf(10, start)) {
    line++;
    const value = parseLine(bytes, start, nl, file, line);
    if (!checkEntry(value)) throw new FlagadminStorageCorruptError(file, `line ${line} is not a journal entry`);
    entries.push(value);
    start = nl + 1;
    ends.push(start);
  }
  const written = writtenEnd(bytes, start);
  return { entries, ends, end: start, torn: written - start, tornEntries: wholeEntries(bytes, start, written), size: bytes.length };
}

/** Where the snapshot the journal continues left off. */
export interface ChainStart {
  commit: number;
  lastEventId: number;
  eventsBytes: number;
}

/** The journal's commits after the snapshot, in order, and where the last of them leaves the store. */
export interface JournalChain extends ChainStart {
  replay: JournalEntry[];
}

/**
 * Checks that the journal continues the snapshot: commits after it follow on without gaps, their
 * event ranges continue from the snapshot's last event, and their `eventsBytes` never shrink. Lines
 * already folded into the snapshot (a crash between writing it and emptying the journal) are skipped.
 * Lines still whole among the torn bytes must belong to the unfinished batch. Else: corrupt.
 */
export function journalChain(contents: JournalContents, snapshot: ChainStart, file: string): JournalChain {
  let { commit, lastEventId, eventsBytes } = snapshot;
  const replay: JournalEntry[] = [];
  contents.entries.forEach((entry, i) => {
    const where = `line ${i + 1} (commit ${entry.commit})`;
    if (entry.commit <= snapshot.commit) {
      if (replay.length) throw new FlagadminStorageCorruptError(file, `${where} follows commit ${commit}`);
      return;
    }
    if (entry.commit !== commit + 1) {
      throw new FlagadminStorageCorruptError(file, `${where} should be commit ${commit + 1}`);
    }
    if (entry.events) {
      const [first, last] = entry.events;
      if (first !== lastEventId + 1 || last < first) {
        throw new FlagadminStorageCorruptError(file, `${where} holds events ${first}..${last} after event ${lastEventId}`);
      }
      lastEventId = last;
    }
    if (entry.eventsBytes < eventsBytes || (!entry.events && entry.eventsBytes !== eventsBytes)) {
      throw new FlagadminStorageCorruptError(file, `${where} has an inconsistent eventsBytes`);
    }
    eventsBytes = entry.eventsBytes;
    commit = entry.commit;
    replay.push(entry);
  });
  for (const entry of contents.tornEntries) {
    // Lines still whole inside the torn bytes belong to the batch that was being written: after the last
    // counted commit, in a batch begun no later than the next commit. Anything else there is damage.
    if (entry.commit <= commit || entry.batch === undefined || entry.batch > commit + 1) {
      throw new FlagadminStorageCorruptError(
        file,
        `holds commit ${entry.commit} after line ${contents.entries.length} (commit ${commit}) and a damaged line`,
      );
    }
  }
  return { replay, commit, lastEventId, eventsBytes };
}

function parseLine(bytes: Buffer, start: number, end: number, file: string, line: number): unknown {
  try {
    return JSON.parse(bytes.toString('utf8', start, end));
  } catch (err) {
    throw new FlagadminStorageCorruptError(file, `line ${line} is not valid JSON (${(err as Error).message})`, { cause: err });
  }
}

/** The offset just after the last byte that is not zero, from `start` on (`start` when there is none). */
function writtenEnd(bytes: Buffer, start: number): number {
  let end = bytes.length;
  const block = 1 << 16;
  while (end - block >= start && bytes.subarray(end - block, end).equals(ZEROS.subarray(0, block))) end -= block;
  while (end > start && bytes[end - 1] === 0) end--;
  return end;
}

/**
 * The entries of the lines between `start` and `end` that are whole: ended by a newline and begun
 * after one or after a zero byte (the end of a hole left by a torn write).
 */
function wholeEntries(bytes: Buffer, start: number, end: number): JournalEntry[] {
  const out: JournalEntry[] = [];
  for (const segment of bytes.toString('utf8', start, end).split('\n').slice(0, -1)) {
    const text = segment.slice(segment.lastIndexOf('\0') + 1);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    if (checkEntry(value)) out.push(value);
  }
  return out;
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
