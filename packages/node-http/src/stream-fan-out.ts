/**
 * The chunks SDK streams write in one turn of the event loop (a change fanned out to thousands of
 * streams, a heartbeat to all), gathered and written together at the end of the turn, on this thread and
 * on helper threads at once (./socket-writer-pool.ts): each write is kernel work, so spread over the
 * cores a change reaches the last stream sooner.
 *
 * A chunk goes to the socket's file descriptor directly only when nothing else is queued on that socket
 * (node's buffer and libuv's queue both empty), it is a plain socket (never TLS: those bytes must be
 * encrypted), and it is still open with the same descriptor at the end of the turn. Otherwise, and for a
 * turn with few writes, it goes through `socket.write` as usual, in the order written. What the kernel
 * did not take (a client that reads slowly) is handed to `socket.write`, which keeps it in order and
 * answers backpressure from then on: a socket with bytes queued is never written directly.
 */
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { type BatchEntry, SocketWriterPool } from './socket-writer-pool.js';

/** Fewer writes than this in a turn go out through the sockets as usual: waking a helper costs more. */
const PARALLEL_FROM = 128;

/** The default helper threads: one per core beyond the first, at most 3. */
export function defaultStreamWriteThreads(): number {
  return Math.max(0, Math.min(3, availableParallelism() - 1));
}

/** One pool per number of helpers, for the whole process: a batch runs to its end on the calling thread. */
const pools = new Map<number, SocketWriterPool>();

/** The listener's fan-out for `streamWriteThreads` (undefined: the default); none with 0 helpers. */
export function streamFanOut(threads: number | undefined): StreamFanOut | undefined {
  const count = threads ?? defaultStreamWriteThreads();
  if (!Number.isInteger(count) || count < 0 || count > 64)
    throw new TypeError(`streamWriteThreads must be an integer from 0 to 64, got ${String(threads)}`);
  if (count === 0) return undefined;
  let pool = pools.get(count);
  if (!pool) pools.set(count, (pool = new SocketWriterPool(count)));
  return new StreamFanOut(pool);
}

interface Pending extends BatchEntry {
  socket: Socket;
  /** Chunks written to the same socket later in the turn: through node after the first, in order. */
  later?: Uint8Array[];
  /** Written already (its socket ended within the turn), or to be dropped (its socket failed). */
  settled?: boolean;
}

export class StreamFanOut {
  private pending: Pending[] = [];
  private readonly queued = new Map<Socket, Pending>();
  private scheduled = false;
  constructor(private readonly pool: SocketWriterPool) {}

  /** As `socket.write`: false when the socket holds more than it should (write again after 'drain'). */
  write(socket: Socket, bytes: Uint8Array): boolean {
    const gathered = this.queued.get(socket);
    if (gathered) {
      // Its first chunk of the turn is gathered: this one follows it at the flush, the others stay gathered.
      (gathered.later ??= []).push(bytes);
      return true;
    }
    const fd = directFd(socket);
    if (fd === undefined) return socket.write(bytes);
    const entry: Pending = { socket, fd, bytes };
    this.pending.push(entry);
    this.queued.set(socket, entry);
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.flush());
    }
    return true;
  }

  /** Before a socket ends within the turn: its gathered chunks go out now, through node, the others stay gathered. */
  release(socket: Socket): void {
    const entry = this.queued.get(socket);
    if (!entry) return;
    this.queued.delete(socket);
    entry.settled = true;
    writeThroughNode(entry, entry.bytes);
  }

  /** A socket about to be destroyed within the turn: its gathered chunks are dropped. */
  drop(socket: Socket): void {
    const entry = this.queued.get(socket);
    if (!entry) return;
    this.queued.delete(socket);
    entry.settled = true;
  }

  /** Writes what is gathered now. */
  flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    this.queued.clear();
    if (batch.length < PARALLEL_FROM) {
      for (const p of batch) if (!p.settled) writeThroughNode(p, p.bytes);
      return;
    }
    const direct: Pending[] = [];
    for (const p of batch) {
      if (p.settled) continue;
      if (directFd(p.socket) === p.fd) direct.push(p);
      else writeThroughNode(p, p.bytes); // changed since: through node, in order
    }
    const written = this.pool.write(direct);
    for (let i = 0; i < direct.length; i++) {
      const p = direct[i]!;
      // The rest goes through node's queue, in order; a failed write fails there too and closes the socket.
      writeThroughNode(p, written[i]! < p.bytes.byteLength ? p.bytes.subarray(Math.max(0, written[i]!)) : undefined);
    }
  }
}

/** `first` (what is left of the entry's first chunk, if anything) and the chunks after it, through `socket.write`. */
function writeThroughNode(p: Pending, first: Uint8Array | undefined): void {
  if (p.socket.destroyed) return;
  if (first) p.socket.write(first);
  for (const chunk of p.later ?? []) p.socket.write(chunk);
}

type Handle = { fd?: unknown; writeQueueSize?: unknown };

/** The socket's descriptor when a chunk may be written to it directly now, else undefined. */
function directFd(socket: Socket): number | undefined {
  if (socket.destroyed || socket.writableEnded || socket.writableLength > 0) return undefined;
  if ((socket as Socket & { encrypted?: boolean }).encrypted) return undefined;
  const handle = (socket as unknown as { _handle?: Handle | null })._handle;
  const fd = handle?.fd;
  if (typeof fd !== 'number' || fd < 0 || handle!.writeQueueSize !== 0) return undefined;
  return fd;
}
