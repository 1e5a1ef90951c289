// Shared by node-http's test files: servers closed after each suite, raw clients, an echo handler.
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  type Agent,
  createServer as createHttpServer,
  request as httpRequest,
} from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import * as assert from 'uvu/assert';
import { type ErrorLogDetails, type FetchHandler, type ListenerOptions, type Logger, createServer } from '../src/index.js';

// helpers

export const servers: Server[] = [];
/** Unhandled rejections seen while a test file runs: the adapter must never leave one behind. */
export const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', onUnhandled);

/** Every suite's `after` hook: closes the servers the tests started. */
export async function closeServers(): Promise<void> {
  process.off('unhandledRejection', onUnhandled);
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
}

export function listen(server: Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

export function start(handle: FetchHandler, options?: ListenerOptions): Promise<string> {
  return listen(createServer(handle, options));
}

export function recordingLogger(): Logger & { calls: { message: string; details: ErrorLogDetails }[] } {
  const calls: { message: string; details: ErrorLogDetails }[] = [];
  return { calls, error: (details, message) => calls.push({ message, details }) };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Fails a test that would otherwise hang: a guard against a missing event, never a speed check, so
 * it is far longer than anything takes on a loaded machine.
 */
const HANG_GUARD_MS = 60_000;

export function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer after ${HANG_GUARD_MS} ms: ${what}`)), HANG_GUARD_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** node:http client, for what fetch hides: HEAD bodies, declared lengths, raw set-cookie lists. */
export function raw(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string | number>; body?: Buffer | string; agent?: Agent },
): Promise<RawResponse & { reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = httpRequest(
      { hostname, port, method: options.method ?? 'GET', path: options.path ?? '/', headers: options.headers, agent: options.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), reusedSocket: req.reusedSocket }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Echoes what the handler received, the body as exact bytes (base64). */
export const echo: FetchHandler = async (request) => {
  const bytes = new Uint8Array(await request.arrayBuffer());
  return Response.json({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body: Buffer.from(bytes).toString('base64'),
    length: bytes.byteLength,
  });
};
export type Echo = { method: string; url: string; headers: Record<string, string>; body: string; length: number };

export function assertJsonError(
  res: { status: number; headers: IncomingHttpHeaders | Headers },
  body: unknown,
  status: number,
  name: string,
) {
  const get = (h: string) => (res.headers instanceof Headers ? res.headers.get(h) : (res.headers[h] as string | undefined));
  assert.is(res.status, status);
  assert.is(get('content-type'), 'application/json; charset=utf-8');
  const error = body as { id: string; name: string; message: string };
  assert.is(error.name, name);
  assert.type(error.message, 'string');
  assert.match(error.id, /^[0-9a-f-]{36}$/);
  assert.is(get('x-request-id'), error.id);
}

// ---------------------------------------------------------------------------------------------

/** A handler that reads the whole body and remembers how reading failed. */
export function bodyReader(): { handle: (request: Request) => Promise<Response>; failed: Promise<unknown> } {
  const failed = deferred<unknown>();
  return {
    handle: async (request) => {
      try {
        await request.arrayBuffer();
      } catch (error) {
        failed.resolve(error);
        throw error;
      }
      return new Response('should not be sent');
    },
    failed: failed.promise,
  };
}

/** A plain node:http server (named apart from the package's createServer under test). */
export function createHttpServerWith(listener: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createHttpServer(listener);
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the first response on a raw connection: status, lower-cased headers, the body by content-length. */
export function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete response head in ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  return { status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(end + 4, end + 4 + length) };
}

/** Writes `bytes` on a new connection to 127.0.0.1:`port`, sends nothing more, and resolves with everything read once the server closes it. */
export function exchange(port: number, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let out = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (out += d));
    socket.on('close', () => resolve(out));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
  });
}

/**
 * Sends a request head, then up to `total` body bytes in 1 MiB writes with backpressure, until the
 * server closes the connection. Resolves with the answer and the number of bytes the client got to
 * hand over before the close (`total` when the server read everything).
 */
export function uploadUntilClosed(port: number, head: string, total: number): Promise<{ answer: string; written: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let answer = '';
    let written = 0;
    let closed = false;
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    socket.on('close', () => {
      closed = true;
      resolve({ answer, written });
    });
    const pump = () => {
      while (!closed && written < total) {
        const size = Math.min(chunk.length, total - written);
        written += size;
        if (!socket.write(size === chunk.length ? chunk : chunk.subarray(0, size))) return void socket.once('drain', pump);
      }
      // everything went out: the server read it all; close our side so the test ends either way
      if (!closed) socket.end();
    };
    socket.once('connect', () => {
      socket.write(head);
      pump();
    });
  });
}

/** An answer on a raw socket in the JSON error envelope, with its status and name. */
export function assertRawJsonError(answer: RawAnswer, status: number, name: string): void {
  assert.is(answer.status, status, JSON.stringify(answer));
  assert.is(answer.headers['content-type'], 'application/json; charset=utf-8');
  const body = JSON.parse(answer.body) as { id: string; name: string; message: string };
  assert.equal(Object.keys(body), ['id', 'name', 'message']);
  assert.is(body.name, name);
  assert.ok(body.message.length > 0);
  assert.is(answer.headers['x-request-id'], body.id);
}
