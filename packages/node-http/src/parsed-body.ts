import type { NodeRequest } from './types.js';

/**
 * The body a parser such as express.json() already read, as bytes or text; undefined when the stream
 * is still the place to read it from. Express 4 sets `req.body = {}` even for requests its parsers
 * skipped, so `req.body` is trusted only once the stream has been read (or body-parser marked `_body`).
 */
export function parsedBody(req: NodeRequest): string | Uint8Array | undefined {
  const body = req.body;
  if (body === undefined || body === null) return undefined;
  if (!req.readableDidRead && !req.readableEnded && (req as { _body?: unknown })._body !== true) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  return JSON.stringify(body);
}

export function byteLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}
