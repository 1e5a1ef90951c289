import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The most bytes of a request body the handler did not read that are discarded to keep a connection
 * alive. A larger rest (or one of unknown size) closes the connection instead of being read.
 */
export const DRAIN_LIMIT = 65_536;

/**
 * Call just before the response head is written. When the handler left the body (partly) unread, the
 * answer is decided and reading on would be work for nothing: a rest declared within DRAIN_LIMIT is
 * discarded after the response so the connection can carry the next request; anything larger,
 * chunked, or over the body limit makes the response `connection: close`, and the connection closes
 * without reading it.
 */
export function settleUnreadBody(req: IncomingMessage, res: ServerResponse, tooLarge = false): void {
  if (req.complete || res.headersSent) return;
  if (tooLarge || !(declaredLength(req) <= DRAIN_LIMIT)) res.setHeader('connection', 'close');
}

/**
 * Once the response is out, reads and discards what is left of the request body, at most DRAIN_LIMIT
 * bytes; past that the socket is destroyed. Prepended to `finish`: it must run before node's own
 * finish handler, which would otherwise discard the rest without a bound.
 */
export function drainAfterResponse(req: IncomingMessage, res: ServerResponse, beforeDrain?: () => void): void {
  res.prependOnceListener('finish', () => {
    beforeDrain?.();
    if (req.complete || req.destroyed) return;
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_LIMIT) {
        req.off('data', onData);
        req.socket?.destroy();
      }
    };
    req.on('data', onData);
    req.resume();
  });
}

/** content-length as a number; Infinity for a chunked body (size unknown); 0 for none. */
export function declaredLength(req: IncomingMessage): number {
  if (req.headers['transfer-encoding'] !== undefined) return Number.POSITIVE_INFINITY;
  const length = req.headers['content-length'];
  return length === undefined ? 0 : Number(length);
}
