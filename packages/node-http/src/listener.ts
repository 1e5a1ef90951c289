import type { IncomingMessage, ServerResponse } from 'node:http';
import { PayloadTooLargeError } from './body-limit-error.js';
import { type BodyStream, bodyStream, oversizedBody } from './body-stream.js';
import { LazyAbort } from './lazy-abort.js';
import { sendError } from './error-response.js';
import { byteLength, parsedBody } from './parsed-body.js';
import { normalizePrefix, requestUrl } from './request-url.js';
import { type RequestParts, toRequest } from './to-request.js';
import type { FetchHandler, ListenerOptions, Logger, NextFunction, NodeListener, NodeRequest } from './types.js';
import { writeResponse } from './write-response.js';
import { createCompressor, type Compressor } from './compression.js';
import { EncodedBodies } from './encoded-bodies.js';
import { type StreamFanOut, streamFanOut } from './stream-fan-out.js';
import { plainHandlerOf, servePlain, type PlainHandler } from './plain.js';
import { declaredLength, drainAfterResponse, settleUnreadBody } from './unread-body.js';

export const DEFAULT_BODY_LIMIT = 102_400;

interface Settings {
  handle: FetchHandler;
  /** The handler's plain-data `dispatch`, when it has one (no Request/Response objects then). */
  plain: PlainHandler | undefined;
  /** The embedder's own `bodyLimit`, when set: caps the plain handler's limit. */
  cap: number | undefined;
  limit: number;
  prefix: string | undefined;
  logger: Logger | undefined;
  compressor: Compressor | undefined;
  encodedBodies: EncodedBodies;
  /** Gathers the chunks SDK streams write in one turn and writes them on several threads (absent: 0 threads). */
  fanOut: StreamFanOut | undefined;
}

/**
 * Turns a fetch-style handler into a node:http request listener, also usable as Connect/Express
 * middleware. It always answers: the handler's Response, or a JSON error (400 unparsable URL,
 * 404 outside `stripPrefix` without `next`, 413 body over the limit, 500 handler failure).
 */
export function toNodeListener(handle: FetchHandler, options: ListenerOptions = {}): NodeListener {
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  if (typeof limit !== 'number' || Number.isNaN(limit) || limit < 0) {
    throw new TypeError(`bodyLimit must be a number of bytes >= 0, got ${String(limit)}`);
  }
  const settings: Settings = {
    handle,
    plain: plainHandlerOf(handle),
    cap: options.bodyLimit,
    limit,
    prefix: normalizePrefix(options.stripPrefix),
    logger: options.logger,
    compressor: options.compression ? createCompressor(options.compression === true ? {} : options.compression) : undefined,
    encodedBodies: new EncodedBodies(),
    fanOut: streamFanOut(options.streamWriteThreads),
  };
  return (req, res, next) => {
    serveOne(settings, req as NodeRequest, res, next).catch((error: unknown) => {
      // Only a bug in this adapter lands here; still never leave an unhandled rejection or a hanging socket.
      const id = sendError(res, 'InternalError', 'Internal server error', true);
      logFailure(settings, error, req, req.url ?? '', id);
    });
  };
}

async function serveOne(s: Settings, req: NodeRequest, res: ServerResponse, next: NextFunction | undefined): Promise<void> {
  const target = requestUrl(req, s.prefix);
  if (target.kind === 'outside') {
    if (next) next();
    else sendError(res, 'NotFoundError', 'Not found');
    return;
  }
  if (target.kind === 'invalid') {
    sendError(res, 'BadDataError', 'Invalid request URL or Host header', !req.complete);
    return;
  }

  if (s.plain) {
    const { path } = target;
    await servePlain(
      s.plain,
      req,
      res,
      path,
      s.cap,
      (error) => {
        const id = sendError(res, 'InternalError', 'Internal server error', !req.complete);
        logFailure(s, error, req, path, id);
        return id;
      },
      s,
    );
    return;
  }

  const method = req.method ?? 'GET';
  const declared = declaredLength(req);

  const abort = new LazyAbort();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort(new DOMException('The client closed the connection', 'AbortError'));
  });

  const parts: RequestParts = { url: target.origin + target.path, method, abort };
  let reader: BodyStream | undefined;
  let tooLarge = false;
  // The 413 comes when the handler reads the body, so its own earlier checks (401, 403, 415) win.
  const onTooLarge = (error: PayloadTooLargeError) => {
    tooLarge = true;
    sendError(res, 'PayloadTooLargeError', error.message, !req.complete);
    abort.abort(error);
  };
  if (method !== 'GET' && method !== 'HEAD') {
    const parsed = parsedBody(req);
    if (parsed !== undefined) {
      const length = byteLength(parsed);
      parts.body = length > s.limit ? oversizedBody(s.limit, onTooLarge) : parsed;
      parts.replacedLength = length;
    } else if (declared !== 0) {
      reader = bodyStream(req, s.limit, declared, onTooLarge);
      parts.body = reader.stream;
    }
  }
  // Once the response is out, the unread rest of the body is drained (bounded) so keep-alive works.
  if (declared !== 0) drainAfterResponse(req, res, () => reader?.detach());

  let request: Request;
  try {
    request = toRequest(req, parts);
  } catch {
    reader?.detach();
    settleUnreadBody(req, res);
    if (/^(TRACE|TRACK|CONNECT)$/i.test(method)) sendError(res, 'MethodNotAllowedError', `Method ${method} is not allowed`);
    else sendError(res, 'BadDataError', 'Invalid request URL or Host header');
    return;
  }

  let response: Response;
  try {
    response = await s.handle(request);
    if (!isResponse(response)) throw new TypeError(`The handler returned ${describe(response)}, not a Response`);
  } catch (error) {
    if (tooLarge || res.destroyed) {
      // The 413 is out or the client is gone: the failure is a consequence, unless it is something else.
      if (!isExpected(error, abort)) logFailure(s, error, req, request.url);
      return;
    }
    settleUnreadBody(req, res);
    const id = sendError(res, 'InternalError', 'Internal server error');
    logFailure(s, error, req, request.url, id);
    return;
  }

  if (tooLarge || res.headersSent || res.destroyed) {
    void response.body?.cancel().catch(() => {});
    return;
  }
  settleUnreadBody(req, res);
  try {
    const compression = s.compressor && { compressor: s.compressor, acceptEncoding: req.headers['accept-encoding'] };
    await writeResponse(response, res, method === 'HEAD', compression, s.fanOut);
  } catch (error) {
    if (res.destroyed) return; // client left while we were writing
    const id = sendError(res, 'InternalError', 'Internal server error');
    logFailure(s, error, req, request.url, id);
  }
}

function isResponse(value: unknown): value is Response {
  if (value instanceof Response) return true;
  // A Response from another fetch implementation (another undici copy) is fine too.
  const r = value as Response | null;
  return typeof r === 'object' && r !== null && typeof r.status === 'number' && typeof r.headers?.get === 'function' && 'body' in r;
}

function describe(value: unknown): string {
  return value === null ? 'null' : typeof value;
}

function isExpected(error: unknown, abort: LazyAbort): boolean {
  if (error instanceof PayloadTooLargeError) return true;
  return abort.aborted && (error === abort.reason || (error as { name?: unknown } | null)?.name === 'AbortError');
}

function logFailure(s: Settings, error: unknown, req: IncomingMessage, url: string, requestId = ''): void {
  s.logger?.error({ err: error, requestId, method: req.method ?? 'GET', url }, 'flagadmin node-http: request failed');
}
