/**
 * The LISTEN side of commit notifications: every write batch sends `pg_notify` on the schema's channel in
 * its transaction (delivered at COMMIT, to every process, in commit order), and one connection of this
 * process LISTENs from `start()` to `stop()`. It tells its owner each notification's payload, that it
 * listens (after LISTEN, again after every reconnect: what was committed meanwhile must be read then), and
 * that it stopped listening (the connection broke; it is opened again, quickly first, then every 5 s).
 */
import type { PgPool, PgPoolClient } from './pool';

export interface ListenerLogger {
  warn(fields: { err: unknown }, message: string): void;
}

/** What the listener tells its owner. */
export interface ListenerEvents {
  /** A commit's payload (see write-batch.ts `notice`). */
  notified(payload: string): void;
  /** LISTEN is in place (first time or after a reconnect): notifications from now on reach `notified`. */
  listening(): void;
  /** The connection broke: notifications may be lost until `listening` again. */
  lost(): void;
}

/** Waits between attempts to listen again (ms): quick first, then at most every 5 s. */
const RETRY_MS = [100, 500, 1000, 5000] as const;

export class CommitListener {
  private client: PgPoolClient | undefined;
  private connecting: Promise<void> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private running = false;

  constructor(
    /** The pool the listening connection comes from (a direct one: not through a transaction-mode pooler). */
    private readonly pool: PgPool,
    /** `LISTEN "<channel>"` */
    private readonly listen: string,
    private readonly channel: string,
    private readonly events: ListenerEvents,
    private readonly logger?: ListenerLogger,
  ) {}

  /** True while LISTEN is in place. */
  get live(): boolean {
    return this.client !== undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.open();
  }

  /** Stops listening (the storage closes). */
  stop(): void {
    this.running = false;
    if (this.retry !== undefined) clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.client;
    this.client = undefined;
    // A connection that LISTENs is not given back for reuse.
    client?.release(true);
  }

  private open(): void {
    if (!this.running || this.client || this.connecting || this.retry !== undefined) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = undefined;
    });
  }

  private async connect(): Promise<void> {
    let client: PgPoolClient | undefined;
    try {
      client = await this.pool.connect();
      const own = client;
      client.on?.('error', (error: Error) => this.broken(own, error));
      client.on?.('notification', (message) => {
        if (this.client === own && message.channel === this.channel) this.events.notified(message.payload ?? '');
      });
      await client.query(this.listen);
    } catch (error) {
      client?.release(true);
      this.scheduleRetry(error);
      return;
    }
    if (!this.running) {
      client.release(true);
      return;
    }
    this.client = client;
    this.failures = 0;
    this.events.listening();
  }

  private broken(client: PgPoolClient, error: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.release(error);
    this.events.lost();
    this.scheduleRetry(error);
  }

  private scheduleRetry(error: unknown): void {
    if (!this.running) return;
    this.logger?.warn({ err: error }, 'PostgreSQL commit notifications lost; listening again');
    const wait = RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)];
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.open();
    }, wait);
    this.retry.unref?.();
  }
}
