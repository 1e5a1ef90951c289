/**
 * Errors the request body stream when the client sends more than the limit. The listener has then
 * already answered 413, so whatever the handler does with this error is discarded; the name and
 * status let a handler's own error mapping recognise it.
 */
export class PayloadTooLargeError extends Error {
  override readonly name = 'PayloadTooLargeError';
  readonly status = 413;
  constructor(readonly limit: number) {
    super(`Request body is larger than the limit of ${limit} bytes`);
  }
}
