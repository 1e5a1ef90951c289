/**
 * The error a request body fails with when the connection closes or breaks before the body is
 * complete: a standard `AbortError`, so a handler (and flagadmin's core) can tell a client that left
 * from a failure of its own. The connection's own error, if any, is the `cause`.
 */
export function clientGone(cause?: unknown): DOMException {
  const error = new DOMException('The client closed the connection before the body was complete', 'AbortError');
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause, configurable: true, writable: true });
  return error;
}
