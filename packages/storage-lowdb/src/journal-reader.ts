/**
 * Reading the journal at open: its lines parsed and checked, and the chain of commits they hold after the
 * snapshot (a torn tail from a crash told apart from damage).
 */
import type { FileHandle } from 'node:fs/promises';
import { COLLECTION_NAMES } from '@flagadmin/core';
import { FlagadminStorageCorruptError } from './errors';
import { readAt } from './fs-util';
import type { JournalEntry } from './journal';

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
  if (e.deletes !== undefined) {
    if (!Array.isArray(e.deletes)) return false;
    if (!e.deletes.every((d) => Array.isArray(d) && d.length === 2 && collections.has(d[0]) && typeof d[1] === 'string')) return false;
  }
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

/** A block of zeros, to skip the journal's preallocated tail a block at a time. */
const ZERO_BLOCK = Buffer.alloc(1 << 16);

/** The offset just after the last byte that is not zero, from `start` on (`start` when there is none). */
function writtenEnd(bytes: Buffer, start: number): number {
  let end = bytes.length;
  const block = ZERO_BLOCK.length;
  while (end - block >= start && bytes.subarray(end - block, end).equals(ZERO_BLOCK)) end -= block;
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
