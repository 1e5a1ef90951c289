// Shared by node-http's test files: servers closed after each suite, raw clients, an echo handler.
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  Agent,
  createServer as createHttpServer,
  request as httpRequest,
} from 'node:http';
import type { AddressInfo } from 'node:net';
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
  return { calls, error: (message, details) => calls.push({ message, details }) };
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

export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
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

export function assertJsonError(res: { status: number; headers: IncomingHttpHeaders | Headers }, body: unknown, status: number, name: string) {
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
export function bodyReader(): { handle: (request: Request) => Promise<Response>; error(): unknown } {
  let bodyError: unknown;
  return {
    handle: async (request) => {
      try {
        await request.arrayBuffer();
      } catch (error) {
        bodyError = error;
        throw error;
      }
      return new Response('should not be sent');
    },
    error: () => bodyError,
  };
}

/** A plain node:http server (named apart from the package's createServer under test). */
export function createHttpServerWith(listener: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createHttpServer(listener);
}
