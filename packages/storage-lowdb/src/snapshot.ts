import { open, readFile } from 'node:fs/promises';
import type { StateImage, StateText } from '@flagadmin/storage-memory/engine';
import { readAt } from './fs-util';
import { FlagadminStorageCorruptError } from './errors';

export const FORMAT = 'flagadmin-lowdb';
export const VERSION = 1;

/**
 * The lowdb document kept in the snapshot file: the whole record state as of journal commit
 * `commit`, and how much of the event log that state covers.
 */
export interface SnapshotDocument {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** Number of the last journal commit folded into this snapshot (0: none). */
  commit: number;
  /** Events 1..lastEventId are committed. */
  lastEventId: number;
  /** Byte length of the event log that holds exactly those events. */
  eventsBytes: number;
  sequences: StateImage['sequences'];
  /** Records; when writing, a record may also be given as its JSON text (written as is). */
  collections: StateImage['collections'] | StateText['collections'];
}

export function emptySnapshot(): SnapshotDocument {
  return { format: FORMAT, version: VERSION, commit: 0, lastEventId: 0, eventsBytes: 0, sequences: {}, collections: {} };
}

/** The snapshot as JSON text, one record per line (still one JSON document), in pieces. */
export function* serializeSnapshot(doc: SnapshotDocument): Iterable<string> {
  const { collections, ...head } = doc;
  yield JSON.stringify(head).slice(0, -1);
  yield ',"collections":{';
  let firstCollection = true;
  for (const [name, records] of Object.entries(collections)) {
    yield `${firstCollection ? '' : ','}\n${JSON.stringify(name)}:[`;
    firstCollection = false;
    let first = true;
    for (const record of records ?? []) {
      yield `${first ? '' : ','}\n${typeof record === 'string' ? record : JSON.stringify(record)}`;
      first = false;
    }
    yield '\n]';
  }
  yield '\n}}\n';
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Checks what recovery relies on; anything else is the engine's business. */
export function checkSnapshot(file: string, doc: unknown): SnapshotDocument {
  const d = doc as Partial<SnapshotDocument> | null;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) {
    throw new FlagadminStorageCorruptError(file, 'is not a flagadmin snapshot (not a JSON object)');
  }
  if (d.format !== FORMAT) throw new FlagadminStorageCorruptError(file, `is not a flagadmin snapshot (format ${JSON.stringify(d.format)})`);
  if (d.version !== VERSION) throw new FlagadminStorageCorruptError(file, `has unsupported version ${JSON.stringify(d.version)}`);
  if (!isCount(d.commit) || !isCount(d.lastEventId) || !isCount(d.eventsBytes)) {
    throw new FlagadminStorageCorruptError(file, 'has an invalid commit, lastEventId or eventsBytes');
  }
  if (typeof d.collections !== 'object' || d.collections === null || typeof d.sequences !== 'object' || d.sequences === null) {
    throw new FlagadminStorageCorruptError(file, 'has no collections or sequences object');
  }
  for (const list of Object.values(d.collections)) {
    if (!Array.isArray(list)) throw new FlagadminStorageCorruptError(file, 'has a collection that is not an array');
  }
  return d as SnapshotDocument;
}

const COLLECTION_START = /^"([A-Za-z]+)":\[$/;
const READ_CHUNK = 4 << 20;

/**
 * Reads a snapshot laid out the way `serializeSnapshot` writes it, one line at a time (4 MiB reads),
 * so a large state is never held as one string besides its parsed records. A file laid out any other
 * way (edited by hand, say) is read with one JSON.parse instead; a file that is not JSON throws the
 * SyntaxError of that JSON.parse.
 */
export async function parseSnapshot(path: string): Promise<unknown> {
  const fh = await open(path, 'r');
  let doc: Record<string, unknown> | undefined;
  let collections: Record<string, unknown[]> | undefined;
  let current: unknown[] | undefined;
  let ended = false;
  const line = (text: string): boolean => {
    if (ended) return text === '';
    if (!doc) {
      if (!text.endsWith(',"collections":{')) return false;
      doc = JSON.parse(`${text}}}`) as Record<string, unknown>;
      collections = doc.collections = {};
      return true;
    }
    if (text.endsWith(',')) text = text.slice(0, -1);
    if (current) {
      if (text === ']') current = undefined;
      else {
        JSON.parse(text); // validated here; kept as text, which is how the engine holds records
        current.push(text);
      }
      return true;
    }
    const start = COLLECTION_START.exec(text);
    if (start) {
      collections![start[1]!] = current = [];
      return true;
    }
    if (text === '}}') return (ended = true);
    return false;
  };
  let fits = true;
  try {
    let position = 0;
    let rest: Buffer = Buffer.alloc(0);
    for (;;) {
      const chunk = await readAt(fh, position, READ_CHUNK);
      position += chunk.length;
      const buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let nl = buf.indexOf(10); nl !== -1 && fits; nl = buf.indexOf(10, start)) {
        try {
          fits = line(buf.toString('utf8', start, nl));
        } catch {
          fits = false;
        }
        start = nl + 1;
      }
      rest = buf.subarray(start);
      if (!fits || chunk.length === 0) break;
    }
    fits &&= ended && rest.length === 0;
  } finally {
    await fh.close();
  }
  return fits ? doc : (JSON.parse(await readFile(path, 'utf8')) as unknown);
}
