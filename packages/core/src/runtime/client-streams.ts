/**
 * Server-sent events for Unleash SDKs in streaming mode (`unleash-client` 6.12, `experimentalMode:
 * {type: 'streaming'}`) and the delta feeds behind them and behind delta polling. A stream sends the
 * scope's state on connect (`unleash-connected`, a hydration) and then each change (`unleash-updated`,
 * the events since what it last sent), with the revision as the SSE `id`, and a comment line as a
 * heartbeat. Bounded: at most `max` open streams (then 429, on which the SDK falls back to polling);
 * a stream is pulled, never pushed, so a client that does not read holds at most one unread event in
 * the server (its changes are read from the shared feed when it reads again); one that stays behind
 * for more revisions than the feed keeps is closed.
 */
import type { Principal } from '../base/auth';
import { AdminError } from '../base/errors';
import type { ReadTx } from '../base/storage';
import { readClientFeatures, type ClientQuery } from './client-features-read';
import type { CommitSignal } from './commit-signal';
import { DeltaFeed, type DeltaAnswer } from './delta-feed';
import { HEARTBEAT, sseEvent } from './sse-frames';
import { streamOptions, type StreamOptions } from './stream-options';

/** Most feeds (distinct scopes) kept without open streams; the least recently asked goes first. */
const IDLE_FEEDS = 256;

interface Slot {
  feed: DeltaFeed;
  principal: Principal;
  query: ClientQuery;
  connections: Set<Connection>;
  refreshing: Promise<void> | undefined;
  again: boolean;
  /** SSE chunks at the current revision, by event name and the revision they start from. */
  chunks: Map<string, Uint8Array>;
}

interface Connection {
  slot: Slot;
  controller: ReadableStreamDefaultController<Uint8Array>;
  /** The revision the client has (-1: nothing yet: the next chunk is the hydration). */
  sent: number;
  /** Set while the stream waits for something to send: wakes it. */
  wake: (() => void) | undefined;
  heartbeat: boolean;
  /** Revisions published since the client last took a chunk. */
  missed: number;
  closed: boolean;
}

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
  async stream(principal: Principal): Promise<ReadableStream<Uint8Array>> {
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
    let connection!: Connection;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          connection = { slot, controller, sent: -1, wake: undefined, heartbeat: false, missed: 0, closed: false };
          slot.connections.add(connection);
        },
        pull: (controller) => this.pull(connection, controller),
        cancel: () => this.remove(connection),
      },
      { highWaterMark: 1 },
    );
  }

  /** Ends every stream (a server shutting down) and refuses new ones with 503. */
  close(): void {
    this.closed = true;
    for (const slot of this.slots.values()) {
      for (const connection of slot.connections) {
        // A stream waiting for news ends cleanly; one with an unread chunk is dropped (it may never read).
        if (connection.wake) this.finish(connection, () => connection.controller.close());
        else this.finish(connection, () => connection.controller.error(new Error('The server is shutting down')));
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

  private changed(): void {
    for (const slot of this.slots.values()) {
      if (slot.connections.size > 0) this.refresh(slot).catch(() => undefined); // the next commit or reconnect tries again
    }
  }

  private publish(slot: Slot): void {
    slot.chunks = new Map();
    for (const connection of slot.connections) {
      if (connection.wake) connection.wake();
      else if (++connection.missed > this.options.depth) {
        this.dropped++;
        this.finish(connection, () => connection.controller.error(new Error('The client did not read its stream')));
      }
    }
  }

  private beat(): void {
    for (const slot of this.slots.values()) {
      for (const connection of slot.connections) {
        if (!connection.wake) continue; // behind already: it has something to read
        connection.heartbeat = true;
        connection.wake();
      }
    }
  }

  private async pull(connection: Connection, controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    for (;;) {
      if (connection.closed) return;
      const chunk = this.next(connection);
      if (chunk) {
        connection.missed = 0;
        controller.enqueue(chunk);
        return;
      }
      await new Promise<void>((resolve) => {
        connection.wake = resolve;
      });
      connection.wake = undefined;
    }
  }

  /** The hydration first, then the changes since what was sent, else a heartbeat when one is due. */
  private next(connection: Connection): Uint8Array | undefined {
    const { slot } = connection;
    const { feed } = slot;
    if (connection.sent === -1 || feed.eventId !== connection.sent) {
      const from = connection.sent === -1 ? undefined : connection.sent;
      const event = from === undefined ? 'unleash-connected' : 'unleash-updated';
      const key = `${event} ${from ?? ''}`;
      let chunk = slot.chunks.get(key);
      if (!chunk) {
        chunk = sseEvent(event, feed.since(from) as DeltaAnswer);
        slot.chunks.set(key, chunk);
      }
      connection.sent = feed.eventId;
      connection.heartbeat = false;
      return chunk;
    }
    if (connection.heartbeat) {
      connection.heartbeat = false;
      return HEARTBEAT;
    }
    return undefined;
  }

  private finish(connection: Connection, end: () => void): void {
    if (connection.closed) return;
    this.remove(connection);
    connection.wake?.();
    try {
      end();
    } catch {
      // the stream was already closed by its reader
    }
  }

  private remove(connection: Connection): void {
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
