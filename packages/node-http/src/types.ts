import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TimeoutOptions } from './timeouts.js';
import type { CompressionOptions } from './compression.js';

/** Any WHATWG fetch-style handler: flagadmin's `handle`, Hono's `app.fetch`, a hand-written function. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * The one method this package logs through, pino-style `(fields, message)`: `pino()` fits, so do
 * Fastify's and bunyan's loggers, and `console`. `details.err` is the thrown value (with its stack,
 * under pino's error key); it is never sent to the client.
 */
export interface Logger {
  error(details: ErrorLogDetails, message: string): void;
}

export interface ErrorLogDetails {
  err: unknown;
  requestId: string;
  method: string;
  url: string;
}

/** Connect/Express-style continuation; only called when `stripPrefix` does not match the path. */
export type NextFunction = (error?: unknown) => void;

/** The node:http request as Connect and Express extend it (both fields are optional). */
export interface NodeRequest extends IncomingMessage {
  /** Set by Connect/Express: the URL before a mount prefix was removed from `url`. */
  originalUrl?: string;
  /** Set by body parsers such as express.json(): the body already read from the stream. */
  body?: unknown;
}

export type NodeListener = (req: IncomingMessage, res: ServerResponse, next?: NextFunction) => void;

export interface ListenerOptions {
  /** Largest request body accepted, in bytes; larger ones get 413 PayloadTooLargeError. Default 102400. */
  bodyLimit?: number;
  /**
   * A path prefix removed before the handler sees the URL, e.g. '/admin' turns /admin/api/x into /api/x.
   * A request outside the prefix goes to `next()` when there is one, else gets 404 NotFoundError.
   */
  stripPrefix?: string;
  /** Receives handler failures (500) and broken response streams. Nothing is logged without one. */
  logger?: Logger;
  /**
   * Compress answers of a text or JSON type over `threshold` bytes (default 1024) with brotli or gzip,
   * as the request's Accept-Encoding allows (q-values honoured; brotli on a tie), adding
   * `Vary: Accept-Encoding`. Never for HEAD, 204/304, an answer that already has a Content-Encoding or
   * says `Cache-Control: no-transform`, or text/event-stream. Default off.
   */
  compression?: boolean | CompressionOptions;
  /**
   * Helper threads that write streamed answers' chunks (SDK streams) together with this thread: the
   * chunks of one turn of the event loop (a change to thousands of streams) are written at its end,
   * spread over the threads, as each socket write is kernel work (about 10 µs over loopback). Only
   * turns with at least 128 such writes wake them; they start with the first. Default: one per core
   * beyond the first, at most 3 (none on one core); 0 writes every chunk through its socket at once.
   */
  streamWriteThreads?: number;
}

/**
 * `createServer`/`serve`: the listener's options, the server's timeouts, and `serverOptions` passed to
 * http.createServer (maxHeaderSize, ...).
 */
export interface CreateServerOptions extends ListenerOptions, TimeoutOptions {}

export interface ServeOptions extends CreateServerOptions {
  fetch: FetchHandler;
  /** Default 0: any free port (read it back from the result). */
  port?: number;
  /** Default '127.0.0.1'. Use '0.0.0.0' or '::' to listen on every interface. */
  hostname?: string;
}

export interface ServeResult {
  server: Server;
  /** A URL clients can connect to, without a trailing slash, e.g. http://127.0.0.1:54321 */
  url: string;
  port: number;
  /** Stops accepting, lets in-flight requests finish, closes idle keep-alive connections, then resolves. */
  close(): Promise<void>;
}
