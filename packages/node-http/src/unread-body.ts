import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeInStages, insteadOfClosing } from './lingering-close.js';

/**
 * The most bytes of a request body the handler did not read that are discarded to keep a connection
 * alive. A larger rest (or one of unknown size) closes the connection instead of being read to its end.
 */
export const DRAIN_LIMIT = 65_536;

/**
 * Call just before the response head is written. When the handler left the body (partly) unread, the
 * answer is decided and reading on would be work for nothing: a rest declared within DRAIN_LIMIT is
 * discarded after the response so the connection can carry the next request; anything larger,
 * chunked, or over the body limit makes the response `connection: close`, and the connection is
 * closed after a bounded wait for the client to stop sending (see closeInStages), not read to its end.
 */
export function settleUnreadBody(req: IncomingMessage, res: ServerResponse, tooLarge = false): void {
  if (req.complete || res.headersSent) return;
  if (tooLarge || !(declaredLength(req) <= DRAIN_LIMIT)) res.setHeader('connection', 'close');
}

/**
 * Once the response is out, reads and discards what is left of the request body. On a connection
 * kept alive that is at most DRAIN_LIMIT bytes (past that the socket is destroyed); a connection
 * node closes after the answer is closed in stages instead (see closeInStages), so a client still
 * sending reads the answer. Prepended to `finish`: it must run before node's own finish handler,
 * which would otherwise discard the rest without a bound, or close the connection at once.
 */
export function drainAfterResponse(req: IncomingMessage, res: ServerResponse, beforeDrain?: () => void): void {
  res.prependOnceListener('finish', () => {
    beforeDrain?.();
    if (req.complete || req.destroyed) return;
    const socket = req.socket;
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_LIMIT) {
        req.off('data', onData);
        socket.destroy();
      }
    };
    req.on('data', onData);
    req.resume();
    insteadOfClosing(socket, () => {
      req.off('data', onData);
      closeInStages(req, socket);
    });
  });
}

/** content-length as a number; Infinity for a chunked body (size unknown); 0 for none. */
export function declaredLength(req: IncomingMessage): number {
  if (req.headers['transfer-encoding'] !== undefined) return Number.POSITIVE_INFINITY;
  const length = req.headers['content-length'];
  return length === undefined ? 0 : Number(length);
}
