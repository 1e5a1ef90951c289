/**
 * Server-sent events for Unleash SDKs in streaming mode (`unleash-client` 6.12, `experimentalMode:
 * {type: 'streaming'}`) and the delta feeds behind them and behind delta polling. A stream sends the
 * scope's state on connect (`unleash-connected`, a hydration) and then each change (`unleash-updated`,
 * the events since what it last sent), with the revision as the SSE `id`, and a comment line as a
 * heartbeat. A change is one chunk per scope and revision a client starts from, the same bytes written
 * to every stream of that scope (runtime/sse-stream.ts: a host may take them straight into its sockets),
 * and one timer beats for every stream. Bounded: at most `max` open streams (then 429, on which the SDK
 * falls back to polling); nothing is written to a stream whose connection is full until it drains, so a
 * client that does not read holds at most one unread event in the server (its changes are read from the
 * shared feed when it reads again); one that stays behind for more revisions than the feed keeps is closed.
 */
import type { Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import type { ReadTx } from '../base/storage';
import { readClientFeatures, type ClientQuery } from './client-features-read';
import type { CommitSignal } from './commit-signal';
import { DeltaFeed } from './delta-feed';
import { HEARTBEAT } from './sse-frames';
import { SseStream } from './sse-stream';
import { Connection, type Slot } from './stream-connection';
import { streamOptions, type StreamOptions } from './stream-options';

/** Most feeds (distinct scopes) kept without open streams; the least recently asked goes first. */
const IDLE_FEEDS = 256;
/** Streams written a change in one turn of the event loop, before other work gets a turn. */
const WRITES_PER_TURN = 1_000;

/**
 * Runs `fn` on a later turn of the event loop, after the I/O waiting now: `setImmediate` where the host
 * has it (Node, Bun, Deno), else a timer. Node holds a 0 ms timer back at least 1 ms, which the 10
 * slices of a change to 10,000 streams would add up.
 */
const laterTurn: (fn: () => void) => void =
  typeof (globalThis as { setImmediate?: unknown }).setImmediate === 'function'
    ? (fn) => (globalThis as unknown as { setImmediate(fn: () => void): unknown }).setImmediate(fn)
    : (fn) => setTimeout(fn, 0);

export interface StreamStats {
  /** Open streams now. */
  open: number;
  /** Streams closed because their client stopped reading, since start. */
  dropped: number;
  /** Scopes with a feed. */
  feeds: number;
}

export class ClientStreams {
  private readonly options: Required<StreamOptions>;
  private readonly slots = new Map<string, Slot>();
  private open = 0;
  private dropped = 0;
  private closed = false;
  /** A refresh of the feeds is due (changed()). */
  private pending = false;
  private unsubscribe: (() => void) | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly read: <T>(fn: (tx: ReadTx) => Promise<T>) => Promise<T>,
    private readonly signal: CommitSignal,
    options: StreamOptions = {},
  ) {
    this.options = streamOptions(options);
  }

  /** The scope's feed, brought up to the stored state (for delta polling). */
  async feed(principal: Principal, query: ClientQuery): Promise<DeltaFeed> {
    const slot = this.slot(principal, query);
    await this.refresh(slot);
    return slot.feed;
  }

  /** A new stream for the key's scope: 503 while closing, 429 over the limit. */
  async stream(principal: Principal): Promise<SseStream> {
    this.admit();
    const slot = this.slot(principal, {});
    // Listening before the state is read: a commit in between is not missed.
    this.open++;
    this.unsubscribe ??= this.signal.subscribe(() => this.changed());
    try {
      await this.refresh(slot);
      if (this.closed) this.admit();
    } catch (error) {
      this.released();
      throw error;
    }
    this.timer ??= setInterval(() => this.beat(), this.options.heartbeatMs);
    const connection = new Connection(this, slot);
    slot.connections.add(connection);
    return new SseStream(connection);
  }

  /** Ends every stream (a server shutting down) and refuses new ones with 503. */
  close(): void {
    this.closed = true;
    for (const slot of this.slots.values()) {
      for (const connection of slot.connections) {
        // A stream that took everything ends cleanly; one with unread chunks is dropped (it may never read).
        if (connection.full) this.drop(connection, new Error('The server is shutting down'));
        else this.end(connection);
      }
    }
  }

  stats(): StreamStats {
    return { open: this.open, dropped: this.dropped, feeds: this.slots.size };
  }

  private admit(): void {
    if (this.closed)
      throw new AdminError('ServiceUnavailableError', 'The server is shutting down; connect again shortly.', {
        headers: { 'retry-after': '1' },
      });
    if (this.open >= this.options.max) {
      throw new AdminError(
        'TooManyRequestsError',
        `Too many open streams (${this.options.max}, the limit maxStreams): poll /api/client/features or /api/client/delta instead.`,
      );
    }
  }

  private slot(principal: Principal, query: ClientQuery): Slot {
    const key = JSON.stringify([principal.projects, principal.environments, query.project ?? [], query.namePrefix ?? '']);
    let slot = this.slots.get(key);
    if (slot) {
      this.slots.delete(key); // most recently asked last
    } else {
      slot = {
        feed: new DeltaFeed(this.options.depth),
        principal,
        query,
        connections: new Set(),
        refreshing: undefined,
        again: false,
        chunks: new Map(),
      };
      this.evictIdle();
    }
    this.slots.set(key, slot);
    return slot;
  }

  private evictIdle(): void {
    let idle = 0;
    for (const slot of this.slots.values()) if (slot.connections.size === 0) idle++;
    for (const [key, slot] of this.slots) {
      if (idle < IDLE_FEEDS) return;
      if (slot.connections.size === 0 && !slot.refreshing) {
        this.slots.delete(key);
        idle--;
      }
    }
  }

  /**
   * Reads the state again when events were stored since the last read (one read at a time per feed;
   * a commit meanwhile makes it read once more), and tells the feed's streams when it changed.
   */
  private refresh(slot: Slot): Promise<void> {
    if (slot.refreshing) {
      slot.again = true;
      return slot.refreshing;
    }
    const run = async (): Promise<void> => {
      do {
        slot.again = false;
        const moved = await this.read(async (tx) => {
          const eventId = await tx.countEvents({});
          if (eventId === slot.feed.checkedAt) return false;
          return slot.feed.advance(eventId, await readClientFeatures(tx, slot.principal, slot.query, false));
        });
        if (moved) this.publish(slot);
      } while (slot.again);
    };
    slot.refreshing = run().finally(() => {
      slot.refreshing = undefined;
    });
    return slot.refreshing;
  }

  /**
   * After a commit, on a later turn of the event loop: the writer's answer goes out first (writing 10,000
   * streams takes a while), and the commits of one turn are read once.
   */
  private changed(): void {
    if (this.pending) return;
    this.pending = true;
    laterTurn(() => {
      this.pending = false;
      for (const slot of this.slots.values()) {
        if (slot.connections.size > 0) this.refresh(slot).catch(() => undefined); // the next commit or reconnect tries again
      }
    });
  }

  /**
   * The feed moved: every stream that can take more is written the changes (one chunk per revision they
   * start from), WRITES_PER_TURN streams per turn of the event loop, so other requests are served between.
   */
  private publish(slot: Slot): void {
    slot.chunks = new Map();
    this.publishSlice(slot.connections.values());
  }

  private publishSlice(connections: Iterator<Connection>): void {
    let visited = 0;
    for (let next = connections.next(); !next.done; next = connections.next()) {
      const connection = next.value;
      if (!connection.sink) continue; // not read yet: its hydration will be the newest state
      if (!connection.full) connection.send();
      else if (++connection.missed > this.options.depth) {
        this.dropped++;
        this.drop(connection, new Error('The client did not read its stream'));
      }
      // A stream removed meanwhile is skipped by the iterator; one added gets the newest state anyway.
      if (++visited === WRITES_PER_TURN) {
        laterTurn(() => this.publishSlice(connections));
        return;
      }
    }
  }

  /** One timer for every stream: a comment line to each that can take one. */
  private beat(): void {
    for (const slot of this.slots.values()) {
      for (const connection of slot.connections) {
        if (connection.sink && !connection.full) connection.write(HEARTBEAT);
      }
    }
  }

  private end(connection: Connection): void {
    this.remove(connection);
    connection.sink?.end();
  }

  private drop(connection: Connection, reason: Error): void {
    this.remove(connection);
    connection.sink?.fail(reason);
  }

  /** The stream is gone (its reader left, or it was ended here). */
  remove(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    connection.slot.connections.delete(connection);
    this.released();
  }

  /** One stream fewer; with none left, nothing listens or beats. */
  private released(): void {
    this.open--;
    if (this.open === 0) {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      if (this.timer !== undefined) clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
