import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** After an early answer, the most bytes read from the connection and thrown away before it is cut. */
export const LINGER_BYTES = 4 * 1024 * 1024;
/** After an early answer, the longest (ms) the connection stays open for the client to finish sending. */
export const LINGER_MS = 2_000;

/**
 * Node closes the connection of a `connection: close` answer with `socket.destroySoon()`, called by
 * its own 'finish' listener of the response. Call this from an earlier 'finish' listener: if node
 * does close the connection now, `close` runs instead; if it keeps the connection, nothing changes.
 * The socket's own method is back once it is called or the current task is over.
 */
export function insteadOfClosing(socket: Socket, close: () => void): void {
  const own = Object.getOwnPropertyDescriptor(socket, 'destroySoon');
  const restore = () => {
    if (own) Object.defineProperty(socket, 'destroySoon', own);
    else Reflect.deleteProperty(socket, 'destroySoon');
  };
  socket.destroySoon = () => {
    restore();
    close();
  };
  queueMicrotask(restore);
}

/**
 * Closes a connection whose answer is out while the request body is still arriving, in stages
 * (RFC 9112 §9.6): our side is half-closed after the answer, what the client still sends is read and
 * discarded, and the socket is destroyed once the body ends, the client closes or breaks the
 * connection, LINGER_BYTES more have come in, or LINGER_MS have passed, whichever is first.
 * Destroying it at once would leave the client's bytes unread in the kernel, which then resets the
 * connection: a client still writing gets EPIPE or ECONNRESET and loses the answer it had not read.
 */
export function closeInStages(req: IncomingMessage, socket: Socket): void {
  if (socket.destroyed) return;
  socket.end();
  const readBefore = socket.bytesRead;
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', stop);
    socket.off('close', stop);
    socket.destroy();
  };
  const onData = () => {
    if (socket.bytesRead - readBefore > LINGER_BYTES) stop();
  };
  const timer = setTimeout(stop, LINGER_MS);
  timer.unref();
  req.on('data', onData);
  req.once('end', stop);
  socket.once('close', stop);
  req.resume();
}
