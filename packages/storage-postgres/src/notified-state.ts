/**
 * What this process knows of the state row without asking the database, for notified reads
 * (`read(fn, { freshness: 'notified' })`, core's SDK-facing reads): the newest revision it read, wrote,
 * or was told of by a commit notification. That knowledge answers a read without a round trip only while
 * it is complete: the listener listens, a state row was read after LISTEN was in place (so every later
 * commit is either in that row or announced), and that row was read less than `recheckMs` ago (a
 * notification lost without the connection reporting it can then delay a change by at most that long).
 */
import type { StateRow } from './read-tx';

/** A record a commit wrote (its JSON text) or deleted (null), by collection and key. */
export type NoticeRecord = readonly [collection: string, key: string, json: string | null];

/**
 * A commit as its notification announces it: `<from> <to> <lastEventId> <table,table,...>`, then, when
 * they fit the payload's limit, a line with the records it wrote (so no process reads them again).
 */
export interface Notice {
  from: number;
  to: number;
  lastEventId: number;
  tables: ReadonlySet<string>;
  /**
   * The records, parsed when asked (a process's own commits and ones its cache cannot follow never are);
   * none when the line is missing or unreadable (the tables above say what to read again).
   */
  records(): readonly NoticeRecord[];
}

/** PostgreSQL's payload limit is 8000 bytes; the records go along while the whole stays under this. */
const PAYLOAD_BYTES = 7_500;

export function noticeText(from: number, to: StateRow, tables: Iterable<string>, records: readonly NoticeRecord[]): string {
  const head = `${from} ${to.revision} ${to.lastEventId} ${[...tables].join(',')}`;
  if (records.length === 0) return head;
  const text = `${head}\n${JSON.stringify(records)}`;
  return new TextEncoder().encode(text).length <= PAYLOAD_BYTES ? text : head;
}

/** The notice a payload carries, or undefined when it carries none (a process of an older version). */
export function parseNotice(payload: string): Notice | undefined {
  const newline = payload.indexOf('\n');
  const [from, to, last, tables] = (newline < 0 ? payload : payload.slice(0, newline)).split(' ');
  const numbers = [from, to, last].map(Number);
  if (tables === undefined || !numbers.every(Number.isSafeInteger)) return undefined;
  const records = (): readonly NoticeRecord[] => {
    if (newline < 0) return [];
    try {
      const parsed: unknown = JSON.parse(payload.slice(newline + 1));
      return Array.isArray(parsed) ? (parsed as NoticeRecord[]) : [];
    } catch {
      return [];
    }
  };
  return { from: numbers[0]!, to: numbers[1]!, lastEventId: numbers[2]!, tables: new Set(tables ? tables.split(',') : []), records };
}

export class NotifiedState {
  private known: StateRow | undefined;
  /** When the newest state-row read was sent. */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  /** When LISTEN was last in place; undefined while the listener is down. */
  private liveSince: number | undefined;

  constructor(
    /** Longest a notified read trusts notifications alone before reading the state row again, ms. */
    private readonly recheckMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  now(): number {
    return this.clock();
  }

  /** The state a notified read answers at without a round trip, or undefined (then it reads the state row). */
  usable(): StateRow | undefined {
    const since = this.liveSince;
    if (since === undefined || this.confirmedAt < since) return undefined;
    return this.clock() - this.confirmedAt < this.recheckMs ? this.known : undefined;
  }

  /** The newest state known, however old: what a notified read answers at while the database is away. */
  last(): StateRow | undefined {
    return this.known;
  }

  /** A state row read by a statement sent at `sentAt`. */
  read(row: StateRow, sentAt: number): void {
    this.learned(row);
    if (sentAt > this.confirmedAt) this.confirmedAt = sentAt;
  }

  /** A commit this process made, or was told of. */
  learned(row: StateRow): void {
    if (!this.known || row.revision > this.known.revision) this.known = row;
  }

  /** Something committed that the notification does not describe: the next notified read asks. */
  unsure(): void {
    this.confirmedAt = Number.NEGATIVE_INFINITY;
  }

  listening(): void {
    this.liveSince = this.clock();
  }

  lost(): void {
    this.liveSince = undefined;
  }
}
