import type { IncomingMessage } from 'node:http';
import type { LazyAbort } from './lazy-abort.js';

export interface RequestParts {
  url: string;
  method: string;
  abort: LazyAbort;
  /** undefined: no body (GET, HEAD, or nothing declared). */
  body?: ReadableStream<Uint8Array> | string | Uint8Array;
  /** Set when `body` replaces the bytes on the wire (a pre-parsed body): the new content-length. */
  replacedLength?: number;
}

/**
 * A standard Request whose `signal` is the adapter's (aborts when the client goes away), created on
 * first read. clone() and fetch(request) read `signal` through this getter, so they follow it too.
 */
class NodeRequest extends Request {
  readonly #abort: LazyAbort;
  constructor(url: string, init: RequestInit, abort: LazyAbort) {
    super(url, init);
    this.#abort = abort;
  }
  override get signal(): AbortSignal {
    return this.#abort.signal;
  }
}

/**
 * Builds the WHATWG Request: headers from rawHeaders (keeps repeated headers apart), the body as given.
 * Throws a TypeError for what fetch cannot represent (a TRACE method, an invalid URL).
 */
export function toRequest(req: IncomingMessage, parts: RequestParts): Request {
  const raw = req.rawHeaders;
  const headers: [string, string][] = [];
  const replaced = parts.replacedLength !== undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.charCodeAt(0) === 58 /* : */) continue; // HTTP/2 pseudo-headers
    if (replaced) {
      const lower = name.toLowerCase();
      if (lower === 'content-length' || lower === 'transfer-encoding') continue;
    }
    headers.push([name, raw[i + 1]!]);
  }
  if (replaced) headers.push(['content-length', String(parts.replacedLength)]);
  const init: RequestInit & { duplex?: 'half' } = { method: parts.method, headers };
  if (parts.body !== undefined) {
    init.body = parts.body as BodyInit;
    init.duplex = 'half';
  }
  return new NodeRequest(parts.url, init, parts.abort);
}
