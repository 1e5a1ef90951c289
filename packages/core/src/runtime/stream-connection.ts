/** One open client stream and the scope it reads (its slot): what runtime/client-streams.ts fans a change out to. */
import type { Principal } from '../base/auth';
import type { ClientQuery } from './client-features-read';
import type { DeltaAnswer, DeltaFeed } from './delta-feed';
import { sseEvent } from './sse-frames';
import type { StreamSink, StreamSource } from './sse-stream';

export interface Slot {
  feed: DeltaFeed;
  principal: Principal;
  query: ClientQuery;
  connections: Set<Connection>;
  refreshing: Promise<void> | undefined;
  again: boolean;
  /** SSE chunks at the current revision, by the revision they start from (-1: the hydration). */
  chunks: Map<number, Uint8Array>;
}

/** One open stream: where it writes, what its client has, and whether it can take more. */
export class Connection implements StreamSource {
  sink: StreamSink | undefined = undefined;
  /** The revision the client has (-1: nothing yet: the next chunk is the hydration). */
  sent = -1;
  /** The sink said it is full: nothing is written until it drains. */
  full = false;
  /** Revisions published while full. */
  missed = 0;
  closed = false;

  constructor(
    private readonly owner: { remove(connection: Connection): void },
    readonly slot: Slot,
  ) {}

  attach(sink: StreamSink): void {
    if (this.sink) return;
    this.sink = sink;
    if (this.closed) sink.end();
    else this.send();
  }

  drained(): void {
    if (this.closed) return;
    this.full = false;
    this.missed = 0;
    this.send();
  }

  cancel(): void {
    this.owner.remove(this);
  }

  /** Writes what the client lacks (the hydration first, then the changes since what it has), if anything. */
  send(): void {
    const { slot } = this;
    if (this.sent === slot.feed.eventId) return;
    let chunk = slot.chunks.get(this.sent);
    if (!chunk) {
      const from = this.sent === -1 ? undefined : this.sent;
      chunk = sseEvent(from === undefined ? 'unleash-connected' : 'unleash-updated', slot.feed.since(from) as DeltaAnswer);
      slot.chunks.set(this.sent, chunk);
    }
    this.sent = slot.feed.eventId;
    this.write(chunk);
  }

  write(chunk: Uint8Array): void {
    if (!this.sink!.write(chunk)) this.full = true;
  }
}
