/**
 * What read transactions share inside one process:
 * - the current state row, read by one autocommit statement that serves every read which began before
 *   it was sent (a read never uses a statement sent before the read began, so it sees every write
 *   acknowledged before it, by any process);
 * - the answers of reads at the current revision, as the JSON text the database gave. A revision
 *   changes with every committed write, so an answer read in a snapshot at revision R is exactly what
 *   any other snapshot at R would read. The cache holds one revision at a time and a bounded size.
 */
import type { StateRow } from './read-tx';

/** A statement's rows as the driver gave them (strings: JSON texts, counts); never handed out as they are. */
export type CachedAnswer = readonly Record<string, unknown>[];

/** The cache key of a statement with its parameters. */
export const cacheKey = (text: string, values: readonly unknown[]): string => `${text}\u0000${JSON.stringify(values)}`;

const sizeOf = (rows: CachedAnswer): number =>
  rows.reduce((n, row) => n + 16 + (typeof row['data'] === 'string' ? row['data'].length : 0), 16);

/** The read cache of one storage: the shared state-row statement and the answers at one revision (not core's per-context RevisionCache). */
export class ReadCache {
  private revision = -1;
  private answers = new Map<string, { table: string; rows: CachedAnswer }>();
  private size = 0;
  private sent: Promise<StateRow> | undefined;
  private queued: Promise<StateRow> | undefined;
  private readonly waiters = new Set<{ revision: number; done(): void }>();

  constructor(
    private readonly queryState: () => Promise<StateRow>,
    /** Most characters of JSON text kept. */
    private readonly maxChars: number,
  ) {}

  /** The state row as of a statement sent after this call. */
  currentState(): Promise<StateRow> {
    if (!this.sent) return this.send();
    this.queued ??= this.sent.then(ignore, ignore).then(() => {
      this.queued = undefined;
      return this.send();
    });
    return this.queued;
  }

  /** The revision the answers are at (-1: none yet). */
  at(): number {
    return this.revision;
  }

  /**
   * Resolves once the answers are at `revision` or later (a commit notification advanced them: see
   * `advance`), or after `ms`. A write batch that locked a revision another process just committed waits
   * here for that commit's notification, rather than reading again what it did not change.
   */
  reach(revision: number, ms: number): Promise<void> {
    if (this.revision >= revision) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = {
        revision,
        done: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, ms);
      this.waiters.add(waiter);
    });
  }

  get(revision: number, key: string): CachedAnswer | undefined {
    return revision === this.revision ? this.answers.get(key)?.rows : undefined;
  }

  /**
   * A write (of this process, or of another as its notification tells) committed revision `to` right
   * after `from`, changing only `tables`: the answers from the other tables stay true at `to`. True when
   * the answers are at `to` now (also when a read there got ahead of the notification), so what the
   * commit wrote may be kept (`keepWritten`).
   */
  advance(from: number, to: number, tables: ReadonlySet<string>): boolean {
    if (this.revision === to) return true;
    if (this.revision !== from) return false;
    this.revision = to;
    for (const [key, entry] of this.answers) {
      if (!tables.has(entry.table)) continue;
      this.answers.delete(key);
      this.size -= sizeOf(entry.rows);
    }
    this.wake();
    return true;
  }

  private wake(): void {
    for (const waiter of this.waiters) if (waiter.revision <= this.revision) waiter.done();
  }

  /** Keeps the rows a statement on `table` read at `revision` (a newer revision replaces everything). */
  set(revision: number, key: string, answer: CachedAnswer, table: string): void {
    if (revision < this.revision) return;
    if (revision > this.revision) {
      this.revision = revision;
      this.answers = new Map();
      this.size = 0;
      this.wake();
    }
    const size = sizeOf(answer);
    if (this.size + size > this.maxChars) return;
    const previous = this.answers.get(key);
    if (previous) this.size -= sizeOf(previous.rows);
    this.answers.set(key, { table, rows: answer });
    this.size += size;
  }

  private send(): Promise<StateRow> {
    const query = this.queryState();
    this.sent = query;
    const clear = () => {
      if (this.sent === query) this.sent = undefined;
    };
    query.then(clear, clear);
    return query;
  }
}

const ignore = (): void => undefined;
