import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** The errors this adapter can answer itself, before or instead of the handler (flagadmin's error names). */
export type AdapterErrorName =
  | 'BadDataError'
  | 'NotFoundError'
  | 'MethodNotAllowedError'
  | 'RequestTimeoutError'
  | 'PayloadTooLargeError'
  | 'RequestHeaderFieldsTooLargeError'
  | 'InternalError';

const STATUS: Readonly<Record<AdapterErrorName, { code: number; text: string }>> = {
  BadDataError: { code: 400, text: 'Bad Request' },
  NotFoundError: { code: 404, text: 'Not Found' },
  MethodNotAllowedError: { code: 405, text: 'Method Not Allowed' },
  RequestTimeoutError: { code: 408, text: 'Request Timeout' },
  PayloadTooLargeError: { code: 413, text: 'Payload Too Large' },
  RequestHeaderFieldsTooLargeError: { code: 431, text: 'Request Header Fields Too Large' },
  InternalError: { code: 500, text: 'Internal Server Error' },
};

export function errorStatus(name: AdapterErrorName): { code: number; text: string } {
  return STATUS[name];
}

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
  res.writeHead(STATUS[name].code, headers);
  res.end(body);
  return id;
}
