// Streamed answers whose chunks a turn gathers and writes on several threads (streamWriteThreads): every
// client gets exactly its bytes, in order, framed, with a slow reader, a socket closed mid-turn, chunks
// above the shared area, TLS, and without helpers; and the helper pool writes a batch on its own.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { createServer as createHttpsServer, get as httpsGet } from 'node:https';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toNodeListener } from '../src/index.js';
import type { PushSink } from '../src/push-body.js';
import { SocketWriterPool } from '../src/socket-writer-pool.js';
import { closeServers, listen } from './helpers.js';

/** A body that offers `pushTo`, as @flagadmin/core's SDK streams do; the test writes to every sink it got. */
class PushedBody extends ReadableStream<Uint8Array> {
  sink: PushSink | undefined;
  constructor(private readonly onSink: (body: PushedBody) => void) {
    super({ pull: () => undefined }, { highWaterMark: 0 });
  }
  pushTo(sink: PushSink): void {
    this.sink = sink;
    this.onSink(this);
  }
  drained(): void {}
  override cancel(): Promise<void> {
    return Promise.resolve();
  }
}

/** A server whose every request gets a pushed stream; `bodies` fills as they are pushed to. */
async function streamServer(threads: number, tls?: { key: Buffer; cert: Buffer }) {
  const bodies: PushedBody[] = [];
  const handler = () => new Response(new PushedBody((b) => bodies.push(b)), { headers: { 'content-type': 'text/event-stream' } });
  const listener = toNodeListener(handler, { streamWriteThreads: threads });
  let url: string;
  if (tls) {
    const server = createHttpsServer(tls, listener);
    url = (await listen(server as never)).replace('http:', 'https:');
  } else {
    const { createServer } = await import('node:http');
    url = await listen(createServer(listener));
  }
  return { url, bodies };
}

interface Client {
  body: Promise<Buffer>;
  response: Promise<IncomingMessage>;
}

function open(url: string, ca?: Buffer): Client {
  let respond!: (r: IncomingMessage) => void;
  const response = new Promise<IncomingMessage>((r) => (respond = r));
  const body = new Promise<Buffer>((resolve, reject) => {
    const done = (res: IncomingMessage) => {
      respond(res);
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve(Buffer.concat(parts)));
      res.on('error', reject);
    };
    const req = url.startsWith('https:') ? httpsGet(url, { agent: false, ca }, done) : httpGet(url, { agent: false }, done);
    req.on('error', reject);
  });
  return { body, response };
}

/** Opens `count` streams; each client with the body its request got (matched by the connection's ports). */
async function openMany(url: string, count: number, bodies: PushedBody[], ca?: Buffer): Promise<(Client & { pushed: PushedBody })[]> {
  const clients = Array.from({ length: count }, () => open(url, ca));
  const responses = await Promise.all(clients.map((c) => c.response));
  while (bodies.length < count) await nextTurn();
  const byPort = new Map(bodies.map((b) => [serverSocketOf(b).remotePort, b] as const));
  return clients.map((c, i) => ({ ...c, pushed: byPort.get(responses[i]!.socket.localPort)! }));
}

/** The server's end of a pushed body's connection (node-http's sink keeps it in its `socket` field). */
function serverSocketOf(body: PushedBody): Socket {
  return (body.sink as unknown as { socket: Socket }).socket;
}

/** Turn by turn: one chunk shared by every stream and one of each stream's own; then the ends, in the last turn. */
async function pushRounds(bodies: readonly PushedBody[], rounds: number): Promise<Buffer[]> {
  const expected = bodies.map(() => [] as Buffer[]);
  for (let r = 0; r < rounds; r++) {
    const shared = Buffer.from(`event: unleash-updated\ndata: {"round":${r}}\n\n`);
    bodies.forEach((b, i) => {
      const own = Buffer.from(`: stream ${i} round ${r}\n`);
      b.sink!.write(shared);
      b.sink!.write(own);
      expected[i]!.push(shared, own);
    });
    if (r < rounds - 1) await nextTurn();
  }
  for (const b of bodies) b.sink!.end();
  return expected.map((parts) => Buffer.concat(parts));
}

/** Counts the entries every SocketWriterPool is given to write, until `restore()`. */
function poolEntries(): { entries(): number; restore(): void } {
  const write = SocketWriterPool.prototype.write;
  let n = 0;
  SocketWriterPool.prototype.write = function (this: SocketWriterPool, entries) {
    n += entries.length;
    return write.call(this, entries);
  };
  return { entries: () => n, restore: () => void (SocketWriterPool.prototype.write = write) };
}

const fanOut = suite('stream fan-out over helper threads');
fanOut.after(closeServers);

for (const threads of [1, 0]) {
  fanOut(`${threads} helper(s): 300 streams get exactly their bytes, in order, and a clean end`, async () => {
    const { url, bodies } = await streamServer(threads);
    const clients = await openMany(url, 300, bodies);
    // The entries the helper pool was given: every round but the last (whose chunks go out as the streams end).
    const pool = poolEntries();
    let expected: Buffer[];
    try {
      expected = await pushRounds(bodies, 5);
    } finally {
      pool.restore();
    }
    const got = await Promise.all(clients.map((c) => c.body));
    // Bodies arrive in the order the server accepted them; compare as sets of exact texts.
    assert.equal(got.map((b) => b.toString()).sort(), expected.map((b) => b.toString()).sort());
    assert.is(pool.entries(), threads ? 4 * 300 : 0, "each stream's first chunk of a turn through the pool");
  });
}

fanOut('a reader that stops: what the kernel did not take is queued in order, backpressure answered', async () => {
  const { url, bodies } = await streamServer(1);
  const clients = await openMany(url, 200, bodies);
  // The slow one: its socket paused, it takes 32 MB (more than the kernel's buffers) in 512 KB chunks.
  const slowRes = await clients[0]!.response;
  slowRes.pause();
  const slow = clients[0]!.pushed;
  const hash = createHash('sha256');
  let full = false;
  for (let r = 0; r < 64; r++) {
    const big = Buffer.alloc(512 * 1024, 97 + (r % 26));
    hash.update(big);
    if (!slow.sink!.write(big)) full = true;
    for (const b of bodies) if (b !== slow) b.sink!.write(Buffer.from(`r${r}\n`));
    await nextTurn();
  }
  for (const b of bodies) b.sink!.end();
  assert.ok(full, 'the sink answered false once the socket held more than its mark');
  slowRes.resume();
  const got = await clients[0]!.body;
  assert.is(got.byteLength, 64 * 512 * 1024);
  assert.is(createHash('sha256').update(got).digest('hex'), hash.digest('hex'));
  const others = await Promise.all(clients.slice(1).map((c) => c.body));
  const want = Array.from({ length: 64 }, (_, r) => `r${r}\n`).join('');
  for (const o of others) assert.is(o.toString(), want);
});

fanOut('a socket closed in the turn its chunk was gathered is skipped; a chunk above the shared area goes through node', async () => {
  const { url, bodies } = await streamServer(1);
  const clients = await openMany(url, 150, bodies);
  const huge = Buffer.alloc(2 * 1024 * 1024 + 7, 120);
  const sent = clients.map((_, i) => (i === 2 ? huge : Buffer.from(`x${i}\n`)));
  for (const [i, c] of clients.entries()) c.pushed.sink!.write(sent[i]!);
  // Closed after its chunk was gathered, before the end of the turn: its descriptor is never written.
  serverSocketOf(clients[1]!.pushed).destroy();
  await nextTurn();
  for (const [i, c] of clients.entries()) if (i !== 1) c.pushed.sink!.end();
  const got = await Promise.all(clients.map((c, i) => (i === 1 ? c.body.catch(() => null) : c.body)));
  for (const [i, body] of got.entries()) if (i !== 1) assert.ok(body!.equals(sent[i]!), `stream ${i}`);
  assert.is(got[1] === null || got[1]!.byteLength === 0, true, 'the closed stream got nothing');
});

fanOut('streams failed or ended within a turn leave the others of the turn gathered, for the pool', async () => {
  const { url, bodies } = await streamServer(1);
  const clients = await openMany(url, 300, bodies);
  const pool = poolEntries();
  const sent = clients.map((_, i) => Buffer.from(`event: unleash-updated\ndata: {"stream":${i}}\n\n`));
  try {
    // As core drops a slow reader while it fans a change out: every 10th fails, every 10th + 5 ends, mid-turn.
    for (const [i, c] of clients.entries()) {
      c.pushed.sink!.write(sent[i]!);
      if (i % 10 === 0) c.pushed.sink!.fail(new Error('a reader too slow'));
      if (i % 10 === 5) c.pushed.sink!.end();
    }
    await nextTurn();
  } finally {
    pool.restore();
  }
  assert.is(pool.entries(), 240, 'the 240 streams that neither failed nor ended, in one batch');
  for (const [i, c] of clients.entries()) if (i % 10 !== 0 && i % 10 !== 5) c.pushed.sink!.end();
  const got = await Promise.all(clients.map((c, i) => (i % 10 === 0 ? c.body.catch(() => null) : c.body)));
  for (const [i, body] of got.entries()) if (i % 10 !== 0) assert.ok(body!.equals(sent[i]!), `stream ${i}`);
});

fanOut('streams over TLS get their exact bytes (their sockets are never written directly)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fan-out-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
      ],
      { stdio: 'ignore' },
    );
    const key = readFileSync(join(dir, 'key.pem'));
    const cert = readFileSync(join(dir, 'cert.pem'));
    const { url, bodies } = await streamServer(1, { key, cert });
    const clients = await openMany(url, 150, bodies, cert);
    const expected = await pushRounds(bodies, 3);
    const got = await Promise.all(clients.map((c) => c.body));
    assert.equal(got.map((b) => b.toString()).sort(), expected.map((b) => b.toString()).sort());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

fanOut('streamWriteThreads must be an integer from 0 to 64', () => {
  for (const bad of [-1, 1.5, 65, Number.NaN])
    assert.throws(() => toNodeListener(() => new Response(), { streamWriteThreads: bad }), /streamWriteThreads/);
});

fanOut.run();

const pool = suite('socket writer pool');

pool('a helper writes a whole batch when the calling thread claims none', async () => {
  const accepted: Socket[] = [];
  const server = createNetServer((s) => accepted.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const received = new Map<number, Buffer[]>();
  const clients = await Promise.all(
    Array.from(
      { length: 64 },
      (_, i) =>
        new Promise<Socket>((r) => {
          const c = connect(port, '127.0.0.1', () => r(c));
          received.set(i, []);
          c.on('data', (d: Buffer) => received.get(i)!.push(d));
        }),
    ),
  );
  while (accepted.length < 64) await nextTurn();
  const shared = Buffer.from('shared chunk\n');
  const writers = new SocketWriterPool(2, false);
  try {
    const entries = accepted.map((s, i) => ({
      fd: (s as unknown as { _handle: { fd: number } })._handle.fd,
      bytes: i % 2 ? shared : Buffer.from(`own ${i}\n`),
    }));
    const written = writers.write(entries);
    assert.equal(
      [...written],
      entries.map((e) => e.bytes.byteLength),
    );
    // Each accepted socket pairs with the client whose local port is its remote port.
    const byPort = new Map(clients.map((c, i) => [c.localPort, i] as const));
    await Promise.all(
      accepted.map(async (s, i) => {
        const want = entries[i]!.bytes.toString();
        const from = byPort.get(s.remotePort!)!;
        while (Buffer.concat(received.get(from)!).toString() !== want) await nextTurn();
      }),
    );
  } finally {
    await writers.close();
    for (const c of clients) c.destroy();
    for (const s of accepted) s.destroy();
    await new Promise((r) => server.close(r));
  }
});

pool.run();
