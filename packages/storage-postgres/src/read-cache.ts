/**
 * What read transactions share inside one process:
 * - the current state row, read by one autocommit statement that serves every read which began before
 *   it was sent (a read never uses a statement sent before the read began, so it sees every write
 *   acknowledged before it, by any process);
 * - the answers of reads at the current revision, as the JSON text the database gave. A revision
 *   changes with every committed write, so an answer read in a snapshot at revision R is exactly what
 *   any other snapshot at R would read. The cache holds one revision at a time and a bounded size;
 * - a token per table (`ReadTx.collectionVersion`): the same object while the table's rows stay as they
 *   were when it was made, a new one whenever the answers move to a revision that may have changed them.
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
  /**
   * The token of each table's rows at `revision`, made when first asked. Every move of `revision` drops the
   * tokens of the tables the move may have changed (`advance`: the ones the commit touched; any other move,
   * `reset`: all), so a token never outlives the rows it was handed out for. Not tied to the answers kept: a table
   * whose answers did not fit `maxChars` keeps its token.
   */
  private versions = new Map<string, object>();
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

  /**
   * The token of `table`'s rows at `revision`, when the cache is there (undefined otherwise: a transaction at
   * another revision cannot tell its rows from the cache's).
   */
  version(revision: number, table: string): object | undefined {
    if (revision !== this.revision || revision < 0) return undefined;
    let version = this.versions.get(table);
    if (!version) this.versions.set(table, (version = {}));
    return version;
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
    for (const table of tables) this.versions.delete(table);
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
    if (revision > this.revision) this.reset(revision);
    const size = sizeOf(answer);
    if (this.size + size > this.maxChars) return;
    const previous = this.answers.get(key);
    if (previous) this.size -= sizeOf(previous.rows);
    this.answers.set(key, { table, rows: answer });
    this.size += size;
  }

  /**
   * The database is at `revision`, as a state row read (or locked) after the answers were at `seen`: a
   * revision below `seen` means the database went back (a backup put back, commits lost in a crash under
   * `synchronous_commit = off`), and its next commits may reuse revisions for other rows. Nothing kept can
   * be trusted then: answers and tokens go, the cache starts again from the next read.
   */
  observe(revision: number, seen: number): void {
    if (revision < seen && seen === this.revision) this.reset(-1);
  }

  /**
   * A write batch holds the lock at `revision`: the database is there and stays there until its COMMIT.
   * Answers at an older revision go (a commit the cache was not told of came between); at `revision` the
   * batch's tokens can be handed out, and its COMMIT moves the cache along (`advance`).
   */
  lockedAt(revision: number): void {
    // Older than the answers (the database went back: see observe) or newer: nothing kept holds at it.
    if (revision !== this.revision) this.reset(revision);
  }

  /** Nothing kept: the answers, and the tokens with them, start again at `revision`. */
  private reset(revision: number): void {
    this.revision = revision;
    this.answers = new Map();
    this.versions = new Map();
    this.size = 0;
    this.wake();
  }

  private send(): Promise<StateRow> {
    // Every revision the answers reached was committed before it was reached: the row is at least there.
    const seen = this.revision;
    const query = this.queryState();
    this.sent = query;
    const clear = () => {
      if (this.sent === query) this.sent = undefined;
    };
    query.then((row) => {
      clear();
      this.observe(row.revision, seen);
    }, clear);
    return query;
  }
}

const ignore = (): void => undefined;
