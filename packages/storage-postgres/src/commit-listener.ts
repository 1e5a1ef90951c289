/**
 * Storage.onCommit on PostgreSQL: every write batch sends `pg_notify` on the schema's channel in its
 * transaction (delivered at COMMIT, to every process), and one connection of this process LISTENs while
 * someone here wants to know. When that connection breaks it is opened again, and listeners are told
 * once it listens again (whatever was committed meanwhile is read then): a lost notification only delays.
 */
import type { PgPool, PgPoolClient } from './pool';

export interface ListenerLogger {
  warn(fields: { err: unknown }, message: string): void;
}

/** Waits between attempts to listen again (ms): quick first, then at most every 5 s. */
const RETRY_MS = [100, 500, 1000, 5000] as const;

export class CommitListener {
  private readonly listeners = new Set<() => void>();
  private client: PgPoolClient | undefined;
  private connecting: Promise<void> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;

  constructor(
    private readonly pool: PgPool,
    /** `LISTEN "<channel>"` */
    private readonly listen: string,
    private readonly channel: string,
    private readonly logger?: ListenerLogger,
  ) {}

  subscribe(listener: () => void): () => void {
    const own = () => listener();
    this.listeners.add(own);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(own);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Stops listening (the storage closes). */
  stop(): void {
    if (this.retry !== undefined) clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.client;
    this.client = undefined;
    // A connection that LISTENs is not given back for reuse.
    client?.release(true);
  }

  private start(): void {
    if (this.client || this.connecting || this.retry !== undefined) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = undefined;
    });
  }

  private async connect(): Promise<void> {
    let client: PgPoolClient | undefined;
    try {
      client = await this.pool.connect();
      const onError = (error: Error) => this.broken(client!, error);
      client.on?.('error', onError);
      client.on?.('notification', (message) => {
        if (message.channel === this.channel) this.fire();
      });
      await client.query(this.listen);
    } catch (error) {
      client?.release(true);
      this.scheduleRetry(error);
      return;
    }
    if (this.listeners.size === 0) {
      client.release(true);
      return;
    }
    this.client = client;
    this.failures = 0;
    this.fire(); // commits made while nobody here listened are read now
  }

  private broken(client: PgPoolClient, error: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.release(error);
    this.scheduleRetry(error);
  }

  private scheduleRetry(error: unknown): void {
    if (this.listeners.size === 0) return;
    this.logger?.warn({ err: error }, 'PostgreSQL commit notifications lost; listening again');
    const wait = RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)];
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.start();
    }, wait);
  }

  private fire(): void {
    for (const listener of this.listeners) listener();
  }
}
