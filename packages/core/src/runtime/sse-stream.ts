/**
 * One SDK stream as a host takes it: a ReadableStream, which any fetch host reads, that also offers to
 * hand its chunks straight to a sink (`pushTo`): @flagadmin/node-http writes each one to the socket as it
 * is handed, with no read, promise or closure per chunk. Either way a chunk is handed only once the
 * reader took the one before: a sink's `write` answers false while its connection is full, and nothing
 * more is written until `drained()`; read as a ReadableStream, every chunk waits for the next read.
 */

/** Where a stream's chunks go. */
export interface StreamSink {
  /** Writes a chunk; false when the connection is full: nothing more is written until the stream is told `drained()`. */
  write(chunk: Uint8Array): boolean;
  /** Ends the answer cleanly. */
  end(): void;
  /** Drops the connection: the answer is cut short (a client that stopped reading, a shutdown while it was behind). */
  fail(reason: Error): void;
}

/** The stream's side in its owner (runtime/client-streams.ts). */
export interface StreamSource {
  /** The host reads now: the hydration is written to `sink`, then each change. */
  attach(sink: StreamSink): void;
  /** The sink can take more. */
  drained(): void;
  /** The reader left (or a HEAD never read): the stream is released. */
  cancel(): void;
}

/** The ReadableStream read through a sink of its own: a chunk is enqueued only when a read waits for it. */
class Reading implements UnderlyingDefaultSource<Uint8Array>, StreamSink {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private attached = false;

  constructor(private readonly source: StreamSource) {}

  start(controller: ReadableStreamDefaultController<Uint8Array>): void {
    this.controller = controller;
  }

  // With a high-water mark of 0, pull is called only while a read waits.
  pull(): void {
    if (this.attached) this.source.drained();
    else {
      this.attached = true;
      this.source.attach(this);
    }
  }

  cancel(): void {
    this.source.cancel();
  }

  write(chunk: Uint8Array): boolean {
    this.controller.enqueue(chunk);
    return false; // taken by the waiting read: the next read asks again
  }

  end(): void {
    try {
      this.controller.close();
    } catch {
      // already closed by its reader
    }
  }

  fail(reason: Error): void {
    try {
      this.controller.error(reason);
    } catch {
      // already closed by its reader
    }
  }
}

export class SseStream extends ReadableStream<Uint8Array> {
  readonly #source: StreamSource;

  constructor(source: StreamSource) {
    super(new Reading(source), { highWaterMark: 0 });
    this.#source = source;
  }

  /** Hands every chunk to `sink` instead (the stream must not be read then); `drained()` when the sink can take more. */
  pushTo(sink: StreamSink): void {
    this.#source.attach(sink);
  }

  drained(): void {
    this.#source.drained();
  }
}
