/** The id of a request: the caller's `x-request-id` when it is safe to keep, else a fresh UUID. */

/** Longest incoming id kept (a UUID is 36, a W3C trace id 32, a load balancer's a few dozen). */
export const MAX_REQUEST_ID_LENGTH = 128;

/** Printable ASCII without spaces: safe in a header, a JSON body and a log line. */
const SAFE_ID = /^[\x21-\x7e]+$/;

/**
 * The incoming `x-request-id` when it is 1 to MAX_REQUEST_ID_LENGTH printable ASCII characters, so a
 * proxy's id follows the request through the answer and the log; anything else is replaced.
 */
export function requestIdOf(incoming: string | null): string {
  return incoming !== null && incoming.length <= MAX_REQUEST_ID_LENGTH && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
}
