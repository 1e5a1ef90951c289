import { type Server, createServer as createHttpServer } from 'node:http';
import { answerClientError } from './client-error.js';
import { toNodeListener } from './listener.js';
import { serverTimeouts } from './timeouts.js';
import type { CreateServerOptions, FetchHandler } from './types.js';

/**
 * An http.Server answering every request with `handle`; not listening yet (call server.listen).
 * Its timeouts are explicit (see `serverTimeouts`), and whatever node's parser refuses or a timeout
 * ends is answered with the JSON error envelope. A request without `Host` on HTTP/1.1 reaches the
 * listener, which answers it with a JSON 400 too.
 */
export function createServer(handle: FetchHandler, options: CreateServerOptions = {}): Server {
  const timeouts = serverTimeouts(options);
  const server = createHttpServer({ requireHostHeader: false, ...options.serverOptions, ...timeouts }, toNodeListener(handle, options));
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  server.on('clientError', answerClientError);
  return server;
}
