import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type AdapterErrorName, errorStatus } from './error-response.js';

interface ParserError extends Error {
  code?: string;
  /** llhttp's description of what it rejected, e.g. 'Invalid header value char'. */
  reason?: string;
}

/** The answer to a request node's HTTP parser refused (or a request that ran out of time). */
function classify(error: ParserError): { name: AdapterErrorName; message: string } | undefined {
  const code = error.code ?? '';
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { name: 'RequestHeaderFieldsTooLargeError', message: 'The request line and headers are larger than the server accepts' };
  }
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return { name: 'PayloadTooLargeError', message: 'The chunk extensions are larger than the server accepts' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { name: 'RequestTimeoutError', message: 'The request was not received in time' };
  if (code.startsWith('HPE_')) {
    const reason = typeof error.reason === 'string' && error.reason !== '' ? error.reason : code;
    return { name: 'BadDataError', message: `Malformed HTTP request: ${reason}` };
  }
  return undefined; // a broken connection (ECONNRESET, ...): nobody to answer
}

/**
 * The server's `clientError` handler: what node's parser rejects (a bad header character, two
 * content-lengths, an unknown method or version, a request head over maxHeaderSize, a bad chunk size,
 * ...) and requests over the header or request timeout get the same JSON envelope as every other
 * error, `{ id, name, message }`, instead of node's plain-text answer; then the connection closes.
 * When part of a response is already out, or the connection is broken, it is only closed.
 */
export function answerClientError(error: ParserError, socket: Duplex): void {
  const answer = classify(error);
  const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!answer || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const id = randomUUID();
  const body = JSON.stringify({ id, name: answer.name, message: answer.message });
  const status = errorStatus(answer.name);
  const head = [
    `HTTP/1.1 ${status.code} ${status.text}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${id}`,
    'connection: close',
  ].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`, () => socket.destroy());
}
