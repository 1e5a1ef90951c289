import type { ServerOptions } from 'node:http';

/** How long a client may take to send the request line and headers (ms): then 408. */
export const DEFAULT_HEADERS_TIMEOUT = 10_000;
/** How long a client may take to send the whole request, head and body (ms): then 408. */
export const DEFAULT_REQUEST_TIMEOUT = 30_000;
/** How long an idle keep-alive connection stays open after a response (ms). */
export const DEFAULT_KEEP_ALIVE_TIMEOUT = 5_000;

export interface TimeoutOptions {
  /** Milliseconds to receive the request line and headers; then 408 RequestTimeoutError. Default 10000. */
  headersTimeout?: number;
  /** Milliseconds to receive the whole request, body included; then 408 RequestTimeoutError. Default 30000; 0 = none. */
  requestTimeout?: number;
  /** Milliseconds an idle keep-alive connection is kept open. Default 5000; 0 = none. */
  keepAliveTimeout?: number;
  /** Passed to http.createServer; the timeouts above win over the same fields here. */
  serverOptions?: ServerOptions;
}

export interface ServerTimeouts {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
}

/**
 * The server's timeouts: the explicit options, else `serverOptions`, else this package's defaults
 * (shorter than node's 60 s / 300 s, so a slow client holds a connection for seconds, not minutes).
 * Node checks for expired requests every `connectionsCheckingInterval` ms (30 s by default); it is
 * set to a fraction of the shortest timeout so a timeout fires near its time. Throws a TypeError for
 * a negative or non-integer value, or a headers timeout above the request timeout.
 */
export function serverTimeouts(options: TimeoutOptions): ServerTimeouts {
  const base = options.serverOptions ?? {};
  const headersTimeout = milliseconds('headersTimeout', options.headersTimeout ?? base.headersTimeout ?? DEFAULT_HEADERS_TIMEOUT);
  const requestTimeout = milliseconds('requestTimeout', options.requestTimeout ?? base.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT);
  const keepAliveTimeout = milliseconds(
    'keepAliveTimeout',
    options.keepAliveTimeout ?? base.keepAliveTimeout ?? DEFAULT_KEEP_ALIVE_TIMEOUT,
  );
  if (headersTimeout === 0) throw new TypeError('headersTimeout must be at least 1 ms');
  if (requestTimeout > 0 && headersTimeout > requestTimeout) {
    throw new TypeError(`headersTimeout (${headersTimeout}) must not be above requestTimeout (${requestTimeout})`);
  }
  const shortest = requestTimeout > 0 ? Math.min(headersTimeout, requestTimeout) : headersTimeout;
  const connectionsCheckingInterval = base.connectionsCheckingInterval ?? Math.min(1_000, Math.max(10, Math.floor(shortest / 4)));
  return { headersTimeout, requestTimeout, keepAliveTimeout, connectionsCheckingInterval };
}

function milliseconds(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`${name} must be a whole number of milliseconds >= 0, got ${String(value)}`);
  }
  return value;
}
