/** The HTTP API as a WHATWG `Request -> Response` function, over the plain dispatcher. */
import { readStream } from './body';
import { createDispatch } from './dispatch';
import type { HandlerOptions, PlainHandler } from './plain';

/** The fetch-style handler; `dispatch` is the same handler on plain data (node-http uses it when present). */
export type FetchHandler = ((request: Request, info?: ConnectionInfo) => Promise<Response>) & { dispatch: PlainHandler };

/** What a host knows of the connection beside the Request (Deno's `info.remoteAddr.hostname`, Bun's `server.requestIP`). */
export interface ConnectionInfo {
  /** The peer's address: the frontend API's default `remoteAddress`. */
  remoteAddress?: string;
}

/**
 * The whole HTTP API as one WHATWG `Request -> Response` function: runs on any fetch-based host, and
 * on node:http through @flagadmin/node-http (which uses `handle.dispatch` and skips building
 * Request and Response objects). Never throws: every failure is a JSON error.
 */
export function createHandler(options: HandlerOptions): FetchHandler {
  const dispatch = createDispatch(options);
  const handle = async (request: Request, info?: ConnectionInfo): Promise<Response> => {
    const plain = await dispatch({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: (limit) => readStream(request.body, limit),
      ...(info?.remoteAddress === undefined ? {} : { remoteAddress: info.remoteAddress }),
    });
    return new Response(plain.body, { status: plain.status, headers: plain.headers });
  };
  return Object.assign(handle, { dispatch });
}
