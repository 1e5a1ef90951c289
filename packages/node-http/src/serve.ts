import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from './server.js';
import type { ServeOptions, ServeResult } from './types.js';

/**
 * Creates the server and listens (port 0 = any free port, host 127.0.0.1 by default). Resolves once
 * listening with a connectable `url`; rejects on a listen error such as EADDRINUSE.
 */
export function serve(options: ServeOptions): Promise<ServeResult> {
  const { fetch, port = 0, hostname = '127.0.0.1', ...rest } = options;
  const server = createServer(fetch, rest);
  const inFlight = new Set<ServerResponse>();
  let closing: Promise<void> | undefined;
  // While closing, connections left idle by the answers that ended are closed once per turn of the event
  // loop: closeIdleConnections walks every connection, so once per answer was quadratic in open streams.
  let sweeping = false;
  const closeIdleSoon = () => {
    if (sweeping) return;
    sweeping = true;
    setImmediate(() => {
      sweeping = false;
      server.closeIdleConnections();
    });
  };

  // Runs before the adapter's listener, so a request arriving during close() is told to close too.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (closing) res.setHeader('connection', 'close');
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (closing) closeIdleSoon();
    });
  });

  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      server.closeIdleConnections();
    });
    return closing;
  };

  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, hostname, () => {
      server.off('error', onError);
      const address = server.address() as AddressInfo;
      resolve({ server, url: `http://${urlHost(address)}:${address.port}`, port: address.port, close });
    });
  });
}

/** The host part of a URL that reaches the server: the wildcard addresses become loopback. */
function urlHost(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '[::1]';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}
