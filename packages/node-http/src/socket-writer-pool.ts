/**
 * Writes one batch of (file descriptor, bytes) on the calling thread and on helper threads at once. A
 * socket write is mostly kernel work (over loopback about 10 µs, the receiving side's included), so a
 * change written to 10,000 streams holds one core for about 100 ms however little JavaScript runs; with
 * a helper thread the writes of one batch share the cores.
 *
 * How a batch runs: the caller puts the descriptors, each entry's place in a shared payload area and the
 * bytes in shared memory, wakes the helpers, and then claims entries itself as they do (one atomic
 * counter, so a helper that wakes late takes nothing). It returns only once every claimed entry is
 * written, so no descriptor of the batch can be closed (and its number reused) while a helper holds it:
 * closing happens on the calling thread, which waits. A helper waits at most for its one write in
 * progress, and writes are non-blocking: the wait is bounded even when a helper never wakes.
 *
 * The claim counter carries the batch's sequence number beside the entry's index, and is set to
 * "nothing to take" before a batch's arrays are filled: a helper that read the counter of an earlier
 * batch cannot claim in a later one (its compare-and-swap fails).
 */
import { writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** Most entries in one batch, and the index bits of the claim counter (the rest is the batch's sequence). */
const MAX_ENTRIES = 4_096;
const INDEX_BITS = 13;
const INDEX_MASK = (1 << INDEX_BITS) - 1;
/** An index above every batch's count: nothing to claim. */
const NOTHING = INDEX_MASK;
const SEQUENCES = 1 << (31 - INDEX_BITS);
/** Bytes of distinct payloads one batch can carry. */
const PAYLOAD_BYTES = 1 << 20;

// ctrl slots
const NEXT = 0;
const COUNT = 1;
const DONE = 2;
const WAKE = 3;

/** The helper's loop, run as an eval'd script so the package ships one file per entry point. */
const HELPER = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { ctrl, fds, offsets, lengths, results, payload } = workerData;
const bytes = Buffer.from(payload);
let wake = 0;
for (;;) {
  Atomics.wait(ctrl, ${WAKE}, wake);
  wake = Atomics.load(ctrl, ${WAKE});
  for (;;) {
    const cur = Atomics.load(ctrl, ${NEXT});
    if ((cur & ${INDEX_MASK}) >= Atomics.load(ctrl, ${COUNT})) break;
    if (Atomics.compareExchange(ctrl, ${NEXT}, cur, cur + 1) !== cur) continue;
    const i = cur & ${INDEX_MASK};
    let written;
    try { written = writeSync(fds[i], bytes, offsets[i], lengths[i]); } catch (e) { written = e && e.code === 'EAGAIN' ? 0 : -1; }
    results[i] = written;
    if (Atomics.add(ctrl, ${DONE}, 1) + 1 === Atomics.load(ctrl, ${COUNT})) Atomics.notify(ctrl, ${DONE});
  }
}
`;

export interface BatchEntry {
  fd: number;
  bytes: Uint8Array;
}

export class SocketWriterPool {
  private readonly ctrl = new Int32Array(new SharedArrayBuffer(4 * 4));
  private readonly fds = new Int32Array(new SharedArrayBuffer(MAX_ENTRIES * 4));
  private readonly offsets = new Int32Array(new SharedArrayBuffer(MAX_ENTRIES * 4));
  private readonly lengths = new Int32Array(new SharedArrayBuffer(MAX_ENTRIES * 4));
  private readonly results = new Int32Array(new SharedArrayBuffer(MAX_ENTRIES * 4));
  private readonly payloadArea = new SharedArrayBuffer(PAYLOAD_BYTES);
  private readonly payload = Buffer.from(this.payloadArea);
  private readonly helpers: Worker[] = [];
  private sequence = 0;

  constructor(
    readonly threads: number,
    /** Whether the calling thread writes entries too; false leaves all of them to the helpers (tests of their loop). */
    private readonly callerWrites = true,
  ) {
    this.ctrl[NEXT] = NOTHING;
  }

  /**
   * Writes every entry and answers, per entry, the bytes written: 0 when none were taken (the socket was
   * full: EAGAIN, or the chunk is larger than the shared area: the caller writes it another way), -1 on an
   * error (the connection is gone). Runs of at most MAX_ENTRIES entries whose distinct payloads fit the
   * shared area go one after another.
   */
  write(entries: readonly BatchEntry[]): Int32Array {
    const written = new Int32Array(entries.length);
    for (let from = 0; from < entries.length; ) from = this.run(entries, from, written);
    return written;
  }

  /** Places the entries from `from` on, as many as fit, writes them, and answers where the next run starts. */
  private run(entries: readonly BatchEntry[], from: number, written: Int32Array): number {
    const { ctrl, fds, offsets, lengths, results } = this;
    this.start();
    this.sequence = (this.sequence + 1) % SEQUENCES;
    const base = this.sequence << INDEX_BITS;
    Atomics.store(ctrl, NEXT, base | NOTHING);
    const placed = new Map<Uint8Array, number>();
    /** The entry each shared slot holds. */
    const slots: number[] = [];
    let end = 0;
    let next = from;
    for (; next < entries.length && slots.length < MAX_ENTRIES; next++) {
      const { fd, bytes } = entries[next]!;
      let at = placed.get(bytes);
      if (at === undefined) {
        if (bytes.byteLength > PAYLOAD_BYTES) continue; // never placed: answered 0
        if (end + bytes.byteLength > PAYLOAD_BYTES) break; // the next run's
        at = end;
        this.payload.set(bytes, at);
        placed.set(bytes, at);
        end += bytes.byteLength;
      }
      const slot = slots.length;
      slots.push(next);
      fds[slot] = fd;
      offsets[slot] = at;
      lengths[slot] = bytes.byteLength;
      results[slot] = -1;
    }
    const count = slots.length;
    Atomics.store(ctrl, COUNT, count);
    Atomics.store(ctrl, DONE, 0);
    Atomics.store(ctrl, NEXT, base);
    Atomics.add(ctrl, WAKE, 1);
    Atomics.notify(ctrl, WAKE);
    if (this.callerWrites) this.claim(count);
    for (let done = Atomics.load(ctrl, DONE); done < count; done = Atomics.load(ctrl, DONE)) Atomics.wait(ctrl, DONE, done, 50);
    for (let slot = 0; slot < count; slot++) written[slots[slot]!] = results[slot]!;
    return next;
  }

  /** Takes entries until none is left. */
  private claim(count: number): void {
    const { ctrl, fds, offsets, lengths, results, payload } = this;
    for (;;) {
      let cur = Atomics.load(ctrl, NEXT);
      for (;;) {
        if ((cur & INDEX_MASK) >= count) return;
        const seen = Atomics.compareExchange(ctrl, NEXT, cur, cur + 1);
        if (seen === cur) break;
        cur = seen;
      }
      const i = cur & INDEX_MASK;
      let written: number;
      try {
        written = writeSync(fds[i]!, payload, offsets[i]!, lengths[i]!);
      } catch (error) {
        written = (error as NodeJS.ErrnoException).code === 'EAGAIN' ? 0 : -1;
      }
      results[i] = written;
      Atomics.add(ctrl, DONE, 1);
    }
  }

  /** The helpers start with the first batch: a process that never fans out never has them. */
  private start(): void {
    while (this.helpers.length < this.threads) {
      const { ctrl, fds, offsets, lengths, results, payloadArea } = this;
      const helper = new Worker(HELPER, {
        eval: true,
        workerData: { ctrl, fds, offsets, lengths, results, payload: payloadArea },
        // Small: the helper holds nothing but the loop above.
        resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2, stackSizeMb: 1 },
      });
      helper.unref(); // never what keeps a process alive
      // Nothing here can fail but a write, which answers -1: an error event only keeps the process up.
      helper.on('error', () => undefined);
      this.helpers.push(helper);
    }
  }

  /**
   * Stops the helpers (a batch in progress completes first: this runs on the calling thread). For tests:
   * the process's pools (stream-fan-out.ts) are never closed, and a pool must not write once closed.
   */
  async close(): Promise<void> {
    const helpers = this.helpers.splice(0);
    await Promise.all(helpers.map((h) => h.terminate()));
  }
}
