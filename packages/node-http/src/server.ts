import { type Server, createServer as createHttpServer } from 'node:http';
import { toNodeListener } from './listener.js';
import type { CreateServerOptions, FetchHandler } from './types.js';

/** An http.Server answering every request with `handle`; not listening yet (call server.listen). */
export function createServer(handle: FetchHandler, options: CreateServerOptions = {}): Server {
  return createHttpServer(options.serverOptions ?? {}, toNodeListener(handle, options));
}
