/**
 * A child process of bench/propagation.ts holding many SDK streams (`GET /api/client/streaming`) as raw
 * SSE readers: what a real unleash-client keeps open, without its evaluation state, so 10,000 streams fit
 * beside the server on one machine. Each stream's `unleash-updated` events are timed (epoch ms) in order:
 * the k-th one a stream reads is the k-th change. Driven over IPC by the parent:
 *   {open: {urls, key, count}}  → opens `count` streams spread over `urls`, answers {opened, refused}
 *   {count: k}                  → answers {read: n} (how many streams read the k-th change so far)
 *   'report'                    → answers {arrivals: number[][]} (per change, the times over every stream)
 *   'close'                     → closes every stream and exits.
 */
import { connect, type Socket } from 'node:net';

const streams: Socket[] = [];
/** arrivals[k]: when each stream read its k-th `unleash-updated` event. */
const arrivals: number[][] = [];
const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send!(message);

const CONNECTED = Buffer.from('event: unleash-connected\n');
const UPDATED = Buffer.from('event: unleash-updated\n');
/** Bytes kept from the end of one read, so an event name split across two reads is still found. */
const KEEP = UPDATED.length - 1;
const EMPTY = Buffer.alloc(0);
/**
 * Every socket reads into this one buffer (`onread`): each read is handled before the next, so no read
 * allocates, and the bytes skip the stream machinery of a 'data' event.
 */
const READ_BUFFER = Buffer.alloc(64 * 1024);

/** How many times `pattern` occurs in `bytes`. */
function occurrences(bytes: Buffer, pattern: Buffer): number {
  let n = 0;
  for (let at = bytes.indexOf(pattern); at !== -1; at = bytes.indexOf(pattern, at + pattern.length)) n++;
  return n;
}

/**
 * Opens one stream over a bare socket (the request written by hand, the answer scanned for event names
 * as bytes: no HTTP parser, decoder or string per read, so the readers take as little of the machine's
 * CPU as they can); resolves true once its `unleash-connected` event arrived, false when refused.
 */
function openStream(url: string, key: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let changes = 0;
    let connected = false;
    let tail: Buffer = EMPTY;
    const socket = connect({
      port: Number(port),
      host: hostname,
      onread: {
        buffer: READ_BUFFER,
        callback: (n: number) => {
          onRead(READ_BUFFER.subarray(0, n));
          return true;
        },
      },
    });
    socket.on('connect', () => {
      socket.write(
        `GET /api/client/streaming HTTP/1.1\r\nhost: ${hostname}:${port}\r\nauthorization: ${key}\r\n` +
          'accept: text/event-stream\r\nunleash-appname: sse-reader\r\nunleash-sdk: unleash-client-node:6.12.1\r\n\r\n',
      );
    });
    const onRead = (chunk: Buffer) => {
      const at = now();
      const bytes = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
      if (!connected) {
        if (!bytes.subarray(0, 12).toString('latin1').startsWith('HTTP/1.1 200')) {
          socket.destroy();
          resolve(false);
          return;
        }
        if (bytes.indexOf(CONNECTED) === -1) {
          tail = Buffer.from(bytes); // the headers and the first event may come in pieces (a copy: the buffer is reused)
          return;
        }
        connected = true;
        resolve(true);
      }
      for (let n = occurrences(bytes, UPDATED); n > 0; n--) (arrivals[changes++] ??= []).push(at);
      // Keep the last line's start only when it may be the start of an event name (most reads end with a newline).
      const from = bytes.lastIndexOf(0x0a) + 1;
      const rest = bytes.subarray(from);
      tail = rest.length > 0 && rest.length <= KEEP && UPDATED.subarray(0, rest.length).equals(rest) ? Buffer.from(rest) : EMPTY;
    };
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
    streams.push(socket);
  });
}

process.on('message', async (message: unknown) => {
  if (message === 'report') send({ arrivals });
  else if (message && typeof message === 'object' && 'count' in message)
    send({ read: arrivals[(message as { count: number }).count]?.length ?? 0 });
  else if (message === 'close') {
    for (const socket of streams) socket.destroy();
    process.exit(0);
  } else if (message && typeof message === 'object' && 'open' in message) {
    const { urls, key, count } = (message as { open: { urls: string[]; key: string; count: number } }).open;
    let opened = 0;
    let refused = 0;
    // A few hundred at a time: a burst of thousands of connects would be refused by the listen backlog.
    for (let i = 0; i < count; i += 250) {
      const batch = Array.from({ length: Math.min(250, count - i) }, (_, j) => openStream(urls[(i + j) % urls.length]!, key));
      for (const ok of await Promise.all(batch)) ok ? opened++ : refused++;
    }
    send({ opened, refused });
  }
});
process.on('disconnect', () => process.exit(0));
