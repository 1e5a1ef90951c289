import type { FileHandle } from 'node:fs/promises';
import { countBelow, latestPositions, type EventStore, type PreparedEvent } from '@flagadmin/storage-memory/engine';
import { FlagadminStorageCorruptError } from './errors';
import { scanEventLine } from './event-line';
import { FeatureChainsBuild } from './feature-chains-build';
import { forEachLine, readAt, writeAllNow } from './fs-util';
import { OffsetList, PositionList } from './growable';

const SCAN_CHUNK = 8 << 20;
/** Lines closer than this are read with one read call (the bytes between are skipped). */
const READ_GAP = 16 << 10;
const READ_RUN = 4 << 20;
/** How many positioned reads of one query are under way at once. */
const PARALLEL_READS = 16;
/** How many of the newest event lines stay in memory as text. */
const TAIL_LINES = 1024;

/**
 * The event log: committed events live only in the append-only file, one JSON line each; memory holds
 * the byte offset of every line (8 bytes per event) and, per project, the positions of its events
 * (4 bytes per event). Queries pick positions from that index and read just those lines.
 */
export class EventLog implements EventStore {
  private readonly offsets = new OffsetList(1024);
  private readonly byProject = new Map<string, PositionList>();
  /** The index by feature name (4 bytes per event, one entry per name), built after open (feature-chains-build.ts). */
  private readonly features = new FeatureChainsBuild();
  /** Line lengths written by `write` and not yet indexed by `append`, oldest first. */
  private staged: number[] = [];
  private stagedTexts: string[] | undefined;
  private stagedAt = 0;
  /** Bytes of committed lines. */
  end = 0;

  private constructor(
    readonly fh: FileHandle,
    readonly file: string,
  ) {}

  /**
   * Indexes the first `bytes` bytes of the log, which must hold exactly events 1..`lastId` as
   * complete lines. Only `id` and `project` of each line are read (see scanEventLine); the rest of a
   * line is parsed when a query reads it. The index by feature name is built after this returns.
   */
  static async open(fh: FileHandle, file: string, bytes: number, lastId: number): Promise<EventLog> {
    const log = new EventLog(fh, file);
    const position = await forEachLine(fh, bytes, SCAN_CHUNK, log.index.bind(log));
    if (position !== bytes) {
      throw new FlagadminStorageCorruptError(file, `event ${log.lastId + 1} (at byte ${position}) is not a complete line`);
    }
    if (log.lastId !== lastId) {
      throw new FlagadminStorageCorruptError(file, `holds ${log.lastId} committed events where ${lastId} were committed`);
    }
    log.end = bytes;
    log.features.start(fh, file, bytes, lastId);
    return log;
  }

  private index(buf: Buffer, start: number, end: number, offset: number): void {
    const expected = this.lastId + 1;
    let found = scanEventLine(buf, start, end);
    if (!found) {
      let value: { id?: unknown; project?: unknown } | null;
      try {
        value = JSON.parse(buf.toString('utf8', start, end)) as typeof value;
      } catch (err) {
        throw new FlagadminStorageCorruptError(this.file, `line ${expected} is not valid JSON (${(err as Error).message})`, { cause: err });
      }
      if (
        typeof value !== 'object' ||
        value === null ||
        typeof value.id !== 'number' ||
        !(value.project === null || typeof value.project === 'string')
      ) {
        throw new FlagadminStorageCorruptError(this.file, `line ${expected} is not an event`);
      }
      found = { id: value.id, project: value.project };
    }
    if (found.id !== expected) {
      throw new FlagadminStorageCorruptError(this.file, `line ${expected} holds event ${found.id} where event ${expected} was expected`);
    }
    this.push(offset, found.project);
  }

  private push(offset: number, project: string | null): void {
    const position = this.offsets.length;
    this.offsets.push(offset);
    if (project !== null) {
      let list = this.byProject.get(project);
      if (!list) this.byProject.set(project, (list = new PositionList(4)));
      list.push(position);
    }
  }

  get lastId(): number {
    return this.offsets.length;
  }

  /** The lines for these events (ids from lastId + 1 on), and their lengths. */
  static lines(events: readonly PreparedEvent[]): { bytes: Buffer; lengths: number[]; texts: string[] } {
    const lines = events.map((e) => `${e.json}\n`);
    return { bytes: Buffer.from(lines.join(''), 'utf8'), lengths: lines.map((l) => Buffer.byteLength(l)), texts: lines };
  }

  /**
   * Writes lines after the committed end, into the page cache and at once (durability is the caller's:
   * see the commit protocol); they count once `append` indexes them.
   */
  writeLines(bytes: Buffer, lengths: number[], texts?: string[]): void {
    writeAllNow(this.fh, bytes, this.end);
    this.stage(lengths, texts);
  }

  private stage(lengths: number[], texts: string[] | undefined): void {
    this.staged = lengths;
    this.stagedTexts = texts;
    this.stagedAt = 0;
  }

  /** Drops what `write` put after the committed end (a commit that failed later). */
  async cutBack(): Promise<void> {
    this.staged = [];
    this.stagedAt = 0;
    await this.fh.truncate(this.end);
  }

  /**
   * Whether `bytes` more can be written after the committed end now (a readiness probe after a failed
   * commit): writes zeros there as a commit writes its lines, then cuts them off again.
   */
  async probe(bytes: number): Promise<void> {
    try {
      writeAllNow(this.fh, Buffer.alloc(bytes), this.end);
    } finally {
      await this.fh.truncate(this.end);
    }
  }

  /** EventStore: the events are durable (written by `write`), index them. */
  append(events: readonly PreparedEvent[]): void {
    if (this.staged.length - this.stagedAt < events.length) throw new Error('event log: append without matching write');
    let offset = this.end;
    for (const event of events) {
      if (event.id !== this.lastId + 1) throw new Error(`event log: event ${event.id} appended after ${this.lastId}`);
      this.markChecked(this.lastId); // its position: this process wrote the line
      const line = this.stagedTexts?.[this.stagedAt];
      if (line !== undefined) this.remember(this.lastId, line.slice(0, -1));
      this.push(offset, event.project);
      this.features.add(event.feature);
      offset += this.staged[this.stagedAt++]!;
    }
    this.end = offset;
  }

  latest(limit: number, projects: readonly string[] | undefined, upTo: number): Promise<string[]> {
    return this.read(latestPositions(limit, upTo, projects, (p) => this.byProject.get(p)?.view()));
  }

  ofProject(project: string, upTo: number): Promise<string[]> {
    const list = this.byProject.get(project);
    const positions: number[] = [];
    if (list) for (let i = countBelow(list.view(), upTo) - 1; i >= 0; i--) positions.push(list.at(i));
    return this.read(positions);
  }

  count(projects: readonly string[] | undefined, upTo: number): number {
    if (!projects) return upTo;
    let n = 0;
    for (const p of new Set(projects)) {
      const list = this.byProject.get(p);
      if (list) n += countBelow(list.view(), upTo);
    }
    return n;
  }

  async ofFeature(feature: string, projects: readonly string[] | undefined, limit: number, upTo: number): Promise<string[]> {
    const chains = await this.features.ready();
    return this.read(chains.positions(feature, projects, limit, upTo, (p) => this.byProject.get(p)?.view()));
  }

  async countOfFeature(feature: string, projects: readonly string[] | undefined, upTo: number): Promise<number> {
    const chains = await this.features.ready();
    return chains.count(feature, projects, upTo, (p) => this.byProject.get(p)?.view());
  }

  /** Ends the build of the index by feature (the file is about to be closed) and waits for it. */
  stopIndexing(): Promise<void> {
    return this.features.stop();
  }

  /**
   * The text of the newest lines (a ring of TAIL_LINES positions): "the last 100 events" is the most
   * asked query, and it reads exactly these, so it needs no file read. Bounded: about TAIL_LINES lines.
   */
  private readonly tail = new Map<number, string>();

  private remember(position: number, text: string): void {
    if (position + TAIL_LINES <= this.lastId) return;
    this.tail.set(position, text);
    const drop = position - TAIL_LINES;
    if (drop >= 0) this.tail.delete(drop);
  }

  /**
   * Whether the line at a position is known to be valid JSON: lines this process wrote, and lines
   * checked once when first read (lines never change, so once is enough).
   */
  private checked = new Uint8Array(1024);

  private markChecked(position: number): void {
    if (position >= this.checked.length) {
      const grown = new Uint8Array(Math.max(position + 1, this.checked.length * 2));
      grown.set(this.checked);
      this.checked = grown;
    }
    this.checked[position] = 1;
  }

  /** Reads the JSON text of the events at these positions, in the order given. */
  private async read(positions: readonly number[]): Promise<string[]> {
    if (positions.length === 0) return [];
    const count = this.lastId;
    const end = this.end;
    const span = (p: number): [number, number] => [this.offsets.at(p), p + 1 < count ? this.offsets.at(p + 1) : end];
    const found = new Map<number, string>();
    const sorted = [...new Set(positions)].filter((p) => {
      const text = this.tail.get(p);
      if (text !== undefined) found.set(p, text);
      return text === undefined;
    });
    sorted.sort((a, b) => a - b);
    // Group neighbouring lines into runs read with one call each; the runs are read in parallel
    // (the thread pool overlaps the disk waits of lines scattered through a long history).
    const runs: { first: number; last: number; start: number; end: number }[] = [];
    let i = 0;
    while (i < sorted.length) {
      const first = i;
      const [runStart] = span(sorted[i]!);
      let runEnd = span(sorted[i]!)[1];
      while (i + 1 < sorted.length) {
        const [s, e] = span(sorted[i + 1]!);
        if (s - runEnd > READ_GAP || e - runStart > READ_RUN) break;
        runEnd = e;
        i++;
      }
      runs.push({ first, last: i, start: runStart, end: runEnd });
      i++;
    }
    const buffers: Buffer[] = [];
    for (let at = 0; at < runs.length; at += PARALLEL_READS) {
      const wave = runs.slice(at, at + PARALLEL_READS);
      buffers.push(...(await Promise.all(wave.map((run) => readAt(this.fh, run.start, run.end - run.start)))));
    }
    runs.forEach((run, r) => {
      const buf = buffers[r]!;
      for (let k = run.first; k <= run.last; k++) {
        const p = sorted[k]!;
        const [s, e] = span(p);
        const text = buf.toString('utf8', s - run.start, e - run.start - 1);
        if (this.checked[p] !== 1) {
          try {
            JSON.parse(text);
          } catch (err) {
            throw new FlagadminStorageCorruptError(this.file, `event ${p + 1} is not valid JSON (${(err as Error).message})`, {
              cause: err,
            });
          }
          this.markChecked(p);
        }
        found.set(p, text);
        this.remember(p, text);
      }
    });
    return positions.map((p) => found.get(p)!);
  }
}
