import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { encodeStream, encodeWhole, type Compressor } from './compression.js';
import { knownBody } from './known-body.js';
import { pushBody, pushableOf } from './push-body.js';
import type { StreamFanOut } from './stream-fan-out.js';

// Below this size a response with a declared length is read whole and written with one res.end().
const BUFFER_MAX = 1024 * 1024;
// Bodies of these types are built whole by the handler anyway: read them at once, not chunk by chunk.
const WHOLE_TYPES = /^(application\/(json|problem\+json|x-www-form-urlencoded)|text\/(?!event-stream))/i;

/**
 * Writes a WHATWG Response to a node ServerResponse: one writeHead with every header (several
 * set-cookie included), then the body in one res.end() when it is small or text/JSON, else streamed
 * with backpressure. HEAD answers (and 1xx/204/304) send headers only. Rejects when the body stream
 * fails; the caller decides between a 500 and destroying the socket.
 */
export async function writeResponse(
  response: Response,
  res: ServerResponse,
  isHead: boolean,
  compression?: { compressor: Compressor; acceptEncoding: string | undefined },
  fanOut?: StreamFanOut,
): Promise<void> {
  const compressor = compression?.compressor;
  const acceptEncoding = compression?.acceptEncoding;
  const headers: OutgoingHttpHeaders = {};
  let cookies = false;
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') cookies = true;
    else headers[name] = value;
  }
  if (cookies) headers['set-cookie'] = response.headers.getSetCookie();

  const status = response.status;
  const body = response.body;
  const statusText = response.statusText || undefined;
  const bodyless = status < 200 || status === 204 || status === 304;

  if (body === null || bodyless) {
    if (body !== null) void body.cancel().catch(ignore);
    if (!bodyless && !isHead) headers['content-length'] = 0;
    delete headers['transfer-encoding'];
    writeHead(res, status, statusText, headers);
    res.end();
    return;
  }

  if (isHead && headers['content-length'] !== undefined) {
    // The handler said how long the GET body would be: no need to read it.
    void body.cancel().catch(ignore);
    writeHead(res, status, statusText, headers);
    res.end();
    return;
  }

  const known = knownBody(response) ?? (readWhole(headers) ? new Uint8Array(await response.arrayBuffer()) : undefined);
  if (known !== undefined) {
    const length = typeof known === 'string' ? Buffer.byteLength(known) : known.byteLength;
    const payload = encodeWhole(compressor, acceptEncoding, isHead, status, headers, known, length);
    headers['content-length'] = payload === known ? length : (payload as Uint8Array).byteLength;
    delete headers['transfer-encoding'];
    writeHead(res, status, statusText, headers);
    if (isHead) res.end();
    else res.end(payload);
    return;
  }

  delete headers['content-length']; // unknown until the stream ends: node sends it chunked
  const encoding = isHead ? null : encodeStream(compressor, acceptEncoding, status, headers);
  writeHead(res, status, statusText, headers);
  if (isHead) {
    void body.cancel().catch(ignore);
    res.end();
    return;
  }
  res.flushHeaders(); // a slow stream should not hold the status line back
  const pushable = encoding ? undefined : pushableOf(body);
  if (encoding) await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), compressor!.stream(encoding), res);
  else if (pushable) pushBody(res, pushable, fanOut);
  else await pipe(body, res);
}

function readWhole(headers: OutgoingHttpHeaders): boolean {
  const length = headers['content-length'];
  if (length !== undefined) return Number(length) <= BUFFER_MAX;
  const type = headers['content-type'];
  return typeof type === 'string' && WHOLE_TYPES.test(type);
}

function writeHead(res: ServerResponse, status: number, statusText: string | undefined, headers: OutgoingHttpHeaders) {
  if (statusText === undefined) res.writeHead(status, headers);
  else res.writeHead(status, statusText, headers);
}

/**
 * Writes a stream's chunks as they come, waiting for the socket to drain when it is full; the stream is
 * cancelled when the client leaves. Rejects when the stream fails, also while the socket is full (its
 * source gave up on a client that does not read).
 */
export async function pipe(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = body.getReader();
  const onClose = () => void reader.cancel().catch(ignore);
  res.once('close', onClose);
  const failed = reader.closed.then(
    () => false,
    () => true,
  );
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value) && (await Promise.race([drained(res).then(() => false), failed]))) throw new Error('The stream failed');
    }
    if (!res.destroyed) res.end();
  } finally {
    res.off('close', onClose);
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

function ignore() {}
