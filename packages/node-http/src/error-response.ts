import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** The errors this adapter can answer itself, before or instead of the handler (BEHAVIOUR §8 names). */
export type AdapterErrorName =
  | 'BadDataError'
  | 'NotFoundError'
  | 'MethodNotAllowedError'
  | 'PayloadTooLargeError'
  | 'InternalError';

const STATUS: Readonly<Record<AdapterErrorName, number>> = {
  BadDataError: 400,
  NotFoundError: 404,
  MethodNotAllowedError: 405,
  PayloadTooLargeError: 413,
  InternalError: 500,
};

/**
 * Answers `{id, name, message}` as JSON with the same id in `x-request-id`, and returns that id.
 * `close` asks node to drop the connection afterwards (used when the request body is left unread).
 * When headers are already out the socket is destroyed instead: a half-written response must not
 * look complete to the client.
 */
export function sendError(res: ServerResponse, name: AdapterErrorName, message: string, close = false): string {
  const id = randomUUID();
  if (res.writableEnded || res.destroyed) return id;
  if (res.headersSent) {
    res.destroy();
    return id;
  }
  const body = JSON.stringify({ id, name, message });
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-request-id': id,
  };
  if (close) headers.connection = 'close';
  res.writeHead(STATUS[name], headers);
  res.end(body);
  return id;
}
