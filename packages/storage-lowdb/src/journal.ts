import type { FileHandle } from 'node:fs/promises';
import { COLLECTION_NAMES, type CollectionName, type SequenceName } from '@flagadmin/core';
import { putEntry, type ChangeSet, type PreparedEvent, type PutEntry } from '@flagadmin/storage-memory';
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

export function journalLine(entry: JournalEntry): Buffer {
  return Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8');
}

/**
 * The journal line of a commit whose records are already JSON text: the same line `journalLine`
 * writes, built without serializing the records again.
 */
export function journalText(head: Omit<JournalEntry, 'puts' | 'lines'>, puts: readonly PutEntry[], events: readonly PreparedEvent[]): string {
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
  /** Bytes after the last newline: a line torn by a crash while it was appended. */
  torn: number;
}

/**
 * Parses the journal. Every newline-terminated line must be a valid entry, else the file is corrupt
 * (an error naming it and the line). Only bytes after the last newline, a torn append, are tolerated.
 */
export async function readJournal(fh: FileHandle, file: string): Promise<JournalContents> {
  const { size } = await fh.stat();
  const bytes = await readAt(fh, 0, size);
  const entries: JournalEntry[] = [];
  const ends: number[] = [];
  let start = 0;
  let line = 0;
  for (let nl = bytes.indexOf(10, start); nl !== -1; nl = bytes.indexOf(10, start)) {
    line++;
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8', start, nl));
    } catch (err) {
      throw new FlagadminStorageCorruptError(file, `line ${line} is not valid JSON (${(err as Error).message})`, { cause: err });
    }
    if (!checkEntry(value)) throw new FlagadminStorageCorruptError(file, `line ${line} is not a journal entry`);
    entries.push(value);
    start = nl + 1;
    ends.push(start);
  }
  return { entries, ends, end: start, torn: bytes.length - start };
}

/** The open journal file: appends whole lines at its known end and fsyncs them. */
export class Journal {
  constructor(
    readonly fh: FileHandle,
    /** Bytes of complete, committed lines. */
    public end: number,
  ) {}

  /** Writes lines at the committed end, not counted yet (durable on return when opened with O_DSYNC). */
  async write(line: Buffer): Promise<void> {
    await writeAll(this.fh, line, this.end);
  }

  async truncate(length: number): Promise<void> {
    await this.fh.truncate(length);
    await this.fh.datasync();
    this.end = length;
  }
}
