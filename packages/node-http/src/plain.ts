import type { IncomingMessage, ServerResponse } from 'node:http';
import { PayloadTooLargeError } from './body-limit-error.js';
import { clientGone } from './client-gone.js';
import { encodeWhole, type Compressor } from './compression.js';
import { pipe } from './write-response.js';
import { pushBody, pushableOf } from './push-body.js';
import type { StreamFanOut } from './stream-fan-out.js';
import type { EncodedBodies } from './encoded-bodies.js';
import { parsedBody } from './parsed-body.js';
import type { NodeRequest } from './types.js';
import { drainAfterResponse, settleUnreadBody } from './unread-body.js';

/**
 * The plain-data protocol a handler may offer besides `(Request) => Response`: a `dispatch` method
 * taking and returning plain objects. On Node 20, building a WHATWG Request and Response costs more
 * than a whole typical request of a fast handler; with `dispatch` this adapter builds neither.
 * (@flagadmin/core's handler has it; any handler may.)
 */
export interface PlainRequest {
  method: string;
  /** Path and query, e.g. `/api/admin/events?project=x`. */
  url: string;
  headers: { get(name: string): string | null };
  /** Reads the whole body; past `limit` bytes rejects with a PayloadTooLargeError without reading on. */
  body(limit: number): Promise<Uint8Array>;
  /** The socket's peer address (`req.socket.remoteAddress`). */
  remoteAddress?: string;
}

export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  /** Text sent whole, or a stream sent chunk by chunk as it comes (server-sent events), or null. */
  body: string | ReadableStream<Uint8Array> | null;
}

export type PlainHandler = (request: PlainRequest) => Promise<PlainResponse>;

/** The handler's `dispatch` method, when it offers the plain protocol. */
export function plainHandlerOf(handle: unknown): PlainHandler | undefined {
  const dispatch = (handle as { dispatch?: unknown } | null)?.dispatch;
  return typeof dispatch === 'function' ? (dispatch as PlainHandler) : undefined;
}

/** Node's header object read as `Headers.get` does: case-insensitive, repeated values joined. */
class NodeHeaders {
  constructor(private readonly raw: IncomingMessage['headers']) {}
  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

const EMPTY = new Uint8Array(0);

/** How answers are written: compressed, with encoded bodies kept, streams' chunks gathered per turn. */
export interface AnswerWriting {
  compressor?: Compressor | undefined;
  encodedBodies?: EncodedBodies | undefined;
  fanOut?: StreamFanOut | undefined;
}

/**
 * Serves one request through a plain handler. `cap` is the adapter's own body limit, when the
 * embedder set one: the lower of it and the handler's limit applies.
 */
export async function servePlain(
  dispatch: PlainHandler,
  req: NodeRequest,
  res: ServerResponse,
  path: string,
  cap: number | undefined,
  onError: (error: unknown) => string,
  { compressor, encodedBodies, fanOut }: AnswerWriting = {},
): Promise<void> {
  let tooLarge = false;
  const body = (handlerLimit: number): Promise<Uint8Array> => {
    const limit = cap === undefined ? handlerLimit : Math.min(cap, handlerLimit);
    const parsed = parsedBody(req);
    if (parsed !== undefined) {
      const bytes = typeof parsed === 'string' ? Buffer.from(parsed) : parsed;
      if (bytes.byteLength > limit) {
        tooLarge = true;
        return Promise.reject(new PayloadTooLargeError(limit));
      }
      return Promise.resolve(bytes);
    }
    return readLimited(req, limit).catch((error: unknown) => {
      if (error instanceof PayloadTooLargeError) tooLarge = true;
      throw error;
    });
  };

  let response: PlainResponse;
  try {
    const request: PlainRequest = { method: req.method ?? 'GET', url: path, headers: new NodeHeaders(req.headers), body };
    const remoteAddress = req.socket?.remoteAddress;
    if (remoteAddress !== undefined) request.remoteAddress = remoteAddress;
    response = await dispatch(request);
  } catch (error) {
    onError(error);
    return;
  }
  if (res.destroyed) {
    if (response.body !== null && typeof response.body !== 'string') void response.body.cancel().catch(() => undefined);
    return;
  }
  const headers: Record<string, string | number> = response.headers;
  const isHead = req.method === 'HEAD';
  if (response.body !== null && typeof response.body !== 'string') {
    await streamPlain(req, res, response.status, headers, response.body, isHead, fanOut);
    return;
  }
  let payload: string | Uint8Array | null = response.body;
  if (payload !== null) {
    const whole = encodedBodies ? encodedBodies.of(payload) : payload;
    const length = typeof whole === 'string' ? Buffer.byteLength(whole) : whole.byteLength;
    const encoded = encodeWhole(compressor, req.headers['accept-encoding'], isHead, response.status, headers, payload, length);
    payload = encoded === payload ? whole : encoded;
    headers['content-length'] = typeof payload === 'string' ? length : payload.byteLength;
  } else if (isHead && headers['content-length'] !== undefined) {
    // A handler's HEAD answer (no body, the GET body's length): the same Vary as its GET answer.
    encodeWhole(compressor, req.headers['accept-encoding'], true, response.status, headers, '', Number(headers['content-length']));
  }
  if (!req.complete) {
    settleUnreadBody(req, res, tooLarge);
    drainAfterResponse(req, res);
  }
  res.writeHead(response.status, headers);
  if (isHead || payload === null) res.end();
  else res.end(payload);
}

/**
 * A streamed answer: headers at once, then each chunk as the stream gives it (never compressed: a
 * compressor would hold events back), with backpressure; the stream is cancelled when the client leaves,
 * and the connection dropped when the stream fails (a client that stopped reading).
 */
async function streamPlain(
  req: NodeRequest,
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  body: ReadableStream<Uint8Array>,
  isHead: boolean,
  fanOut: StreamFanOut | undefined,
): Promise<void> {
  if (!req.complete) {
    settleUnreadBody(req, res);
    drainAfterResponse(req, res);
  }
  res.writeHead(status, headers);
  if (isHead) {
    void body.cancel().catch(() => undefined);
    res.end();
    return;
  }
  res.flushHeaders();
  const pushable = pushableOf(body);
  if (pushable) return pushBody(res, pushable, fanOut);
  // An answer cut short must not look complete: the connection goes.
  await pipe(body, res).catch(() => res.destroy());
}

/** Collects the body, counting bytes as they arrive; past `limit` it stops reading and rejects. */
function readLimited(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = req.headers['content-length'];
  if (req.headers['transfer-encoding'] === undefined && declared !== undefined && Number(declared) > limit) {
    return Promise.reject(new PayloadTooLargeError(limit));
  }
  if (req.readableEnded) return Promise.resolve(EMPTY);
  if (req.destroyed && !req.complete) return Promise.reject(clientGone()); // closed before the handler asked for the body
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFail);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        done();
        req.pause();
        reject(new PayloadTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
    };
    // The stream fails or closes early only when the connection does: the client is gone.
    const onFail = (error?: Error) => {
      done();
      reject(clientGone(error));
    };
    const onClose = () => {
      if (!req.complete) onFail();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onFail);
    req.on('close', onClose);
  });
}
