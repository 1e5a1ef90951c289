/** The HTTP API's protocol on plain data: what a host hands the dispatcher and gets back. */
import type { Admin } from '../admin/admin';
import type { Logger } from '../base/logger';
import type { HeaderReader } from './route';

/** Largest accepted request body in bytes unless `bodyLimit` says otherwise (100 KiB). */
export const DEFAULT_BODY_LIMIT = 102_400;

export interface HandlerOptions {
  admin: Admin;
  /** Largest accepted request body in bytes; default 102,400 (100 KiB). */
  bodyLimit?: number;
  /** Gets one `request` line per request: method, route, status, durationMs, requestId. Default: the admin's. */
  logger?: Logger;
}

/**
 * A request as plain data, for hosts that do not want to build a WHATWG Request per request
 * (building one costs more than the rest of a typical flagadmin request on Node). @flagadmin/node-http
 * declares the same protocol on its side (it depends on no handler package); test/plain-protocol.test.ts
 * keeps the two declarations one contract.
 */
export interface PlainRequest {
  method: string;
  /** Path and query (`/api/admin/events?project=x`), or an absolute URL. */
  url: string;
  headers: HeaderReader;
  /**
   * Reads the whole body. Past `limit` bytes it must stop reading and reject with an error whose
   * `name` is `PayloadTooLargeError` (answered 413). Called at most once, and only by routes with a body.
   */
  body(limit: number): Promise<Uint8Array>;
  /** The address the request came from, as the host saw it (the socket's peer), when the host knows it. */
  remoteAddress?: string;
}

export interface PlainResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /**
   * The body text (JSON), or null for none (always null for HEAD, whose headers carry the GET body's
   * content-length), or a stream sent as it comes, each chunk at once (server-sent events): the host
   * cancels it when the client leaves, and ends the answer when it ends or fails.
   */
  body: string | ReadableStream<Uint8Array> | null;
}

export type PlainHandler = (request: PlainRequest) => Promise<PlainResponse>;
