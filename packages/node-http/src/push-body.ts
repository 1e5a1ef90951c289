import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { StreamFanOut } from './stream-fan-out.js';

/**
 * A streamed body may offer, beside being a ReadableStream, to hand its chunks to a sink as they come
 * (`pushTo`; @flagadmin/core's server-sent event streams do): each chunk is then written straight to the
 * socket, with no read, promise or closure per chunk, which is what a change written to 10,000 streams at
 * once costs. The body writes again only after `drained()` once `write` answered false.
 */
export interface PushSink {
  write(chunk: Uint8Array): boolean;
  end(): void;
  fail(reason: Error): void;
}

export interface Pushable {
  pushTo(sink: PushSink): void;
  drained(): void;
  cancel(reason?: unknown): Promise<void>;
}

/** The body's push side, when it offers one. */
export function pushableOf(body: ReadableStream<Uint8Array>): Pushable | undefined {
  const b = body as Partial<Pushable>;
  return typeof b.pushTo === 'function' && typeof b.drained === 'function' ? (body as unknown as Pushable) : undefined;
}

const CRLF = Buffer.from('\r\n');
/** Chunks in HTTP/1.1 chunked framing, built once per chunk (a change's chunk is the same object for every stream of its scope). */
const framed = new WeakMap<Uint8Array, Buffer>();

function frame(chunk: Uint8Array): Buffer {
  let bytes = framed.get(chunk);
  if (!bytes) {
    bytes = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`, 'latin1'), chunk, CRLF]);
    framed.set(chunk, bytes);
  }
  return bytes;
}

const SINK = Symbol('flagadmin.pushSink');
type WithSink = { [SINK]?: SocketSink };

/**
 * Writes a response's chunks as the body pushes them; the headers must be out (`flushHeaders`). When the
 * response owns its socket, each chunk goes to the socket itself in the response's framing (chunked, or as
 * it is on an HTTP/1.0 connection) and the response writes only its end; else through the response.
 * The body is cancelled when the client leaves. With `fanOut`, the chunks written in one turn of the event
 * loop go out together (./stream-fan-out.ts).
 */
export function pushBody(res: ServerResponse, body: Pushable, fanOut?: StreamFanOut): void {
  // A response has its socket once the answers before it on the connection are out (none, for a stream).
  const socket = res.socket;
  const sink = new SocketSink(res, socket, body, fanOut);
  const target: NodeJS.EventEmitter & WithSink = socket ?? res;
  target[SINK] = sink;
  target.on('drain', onDrain);
  (res as ServerResponse & WithSink)[SINK] = sink;
  res.once('close', onClose);
  body.pushTo(sink);
}

// One listener function for every stream: `this` is the emitter, which holds its sink.
function onDrain(this: WithSink): void {
  this[SINK]?.body.drained();
}

function onClose(this: ServerResponse & WithSink): void {
  const sink = this[SINK];
  if (!sink) return;
  sink.detach();
  void sink.body.cancel().catch(() => undefined);
}

class SocketSink implements PushSink {
  constructor(
    private readonly res: ServerResponse,
    private readonly socket: Socket | null,
    readonly body: Pushable,
    private readonly fanOut: StreamFanOut | undefined,
  ) {}

  write(chunk: Uint8Array): boolean {
    if (this.res.destroyed) return false; // the close event cancels the body
    if (!this.socket) return this.res.write(chunk);
    const bytes = this.res.chunkedEncoding ? frame(chunk) : chunk;
    return this.fanOut ? this.fanOut.write(this.socket, bytes) : this.socket.write(bytes);
  }

  end(): void {
    this.detach();
    if (this.socket) this.fanOut?.release(this.socket); // its chunks gathered this turn go before the end
    if (!this.res.destroyed) this.res.end();
  }

  fail(): void {
    this.detach();
    if (this.socket) this.fanOut?.drop(this.socket);
    this.res.destroy(); // an answer cut short must not look complete
  }

  detach(): void {
    const res = this.res as ServerResponse & WithSink;
    const target: NodeJS.EventEmitter & WithSink = this.socket ?? res;
    target.off('drain', onDrain);
    target[SINK] = undefined;
    res[SINK] = undefined;
  }
}
