import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeError } from './body-limit-error.js';
import { clientGone } from './client-gone.js';

export interface BodyStream {
  stream: ReadableStream<Uint8Array>;
  /** Stops feeding the stream (the response is out); what is left of the body is the caller's to drain. */
  detach(): void;
}

/**
 * Streams the request body with backpressure, counting bytes as they arrive (chunked uploads
 * included). Nothing is read until the handler reads: a handler that answers first (401, 403, 415)
 * is never held up by the body. Past `limit` — or at the first read when `declared` (content-length)
 * is already over it — it stops reading, pauses the socket, errors the stream and calls `onTooLarge`:
 * the body is never read further than one chunk past the limit.
 */
export function bodyStream(
  req: IncomingMessage,
  limit: number,
  declared: number,
  onTooLarge: (error: PayloadTooLargeError) => void,
): BodyStream {
  let received = 0;
  let attached = false;
  let done = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const detach = () => {
    done = true;
    if (!attached) return;
    attached = false;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.off('close', onClose);
  };
  const fail = (error: unknown) => {
    detach();
    try {
      controller.error(error);
    } catch {
      // already closed or errored
    }
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      req.pause();
      const error = new PayloadTooLargeError(limit);
      fail(error);
      onTooLarge(error);
      return;
    }
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    detach();
    controller.close();
  };
  const onError = (error: Error) => fail(clientGone(error));
  const onClose = () => {
    // 'close' without 'end': the client went away mid-body
    if (!req.complete) fail(clientGone());
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        if (done) return;
        if (attached) {
          req.resume();
          return;
        }
        if (declared > limit && declared !== Number.POSITIVE_INFINITY) {
          // content-length says it is too large: fail without reading a byte of it
          const error = new PayloadTooLargeError(limit);
          fail(error);
          onTooLarge(error);
          return;
        }
        attached = true;
        req.on('data', onData);
        req.on('end', onEnd);
        req.on('error', onError);
        req.on('close', onClose);
        if (req.complete && req.readableEnded) onEnd();
        else if (req.destroyed && !req.complete)
          fail(clientGone()); // closed before the handler read
        else req.resume();
      },
      cancel() {
        detach();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, detach };
}

/**
 * For a body already known to be over the limit (a pre-parsed req.body): fails on the first read,
 * so a handler that answers without the body (401, 403, 415) still comes first.
 */
export function oversizedBody(limit: number, onTooLarge: (error: PayloadTooLargeError) => void): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const error = new PayloadTooLargeError(limit);
        controller.error(error);
        onTooLarge(error);
      },
    },
    { highWaterMark: 0 },
  );
}
