/**
 * The headers the real `unleash-client` 6 sends with its poll of `/api/client/features`, recorded from one
 * poll it makes to a local server, so a bench can load a server with the request an SDK makes (it asks for
 * gzip: `accept-encoding: gzip,deflate`) rather than one no SDK sends.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemStorageProvider, Unleash } from 'unleash-client';

/** Headers of a connection or of one request, not of the SDK's poll. */
const PER_REQUEST = new Set(['host', 'connection', 'content-length', 'authorization', 'if-none-match']);

/** The poll's headers, but `authorization` (the caller's key goes there). */
export async function sdkPollHeaders(): Promise<Record<string, string>> {
  const seen = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.startsWith('/api/client/features')) {
        res.end('{"version":2,"features":[]}');
        server.close();
        resolve(req.headers);
      } else res.end('{}');
    });
    server.listen(0, '127.0.0.1', () => {
      const client = new Unleash({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
        appName: 'bench-sdk-headers',
        customHeaders: { authorization: 'recorded' },
        disableMetrics: true,
        refreshInterval: 60_000,
        storageProvider: new InMemStorageProvider(),
      });
      client.on('error', reject);
      client.on('synchronized', () => client.destroy());
    });
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(seen)) {
    // The connection id names one SDK instance; a fleet's requests each carry their own, none is needed here.
    if (!PER_REQUEST.has(name) && name !== 'unleash-connection-id' && typeof value === 'string') headers[name] = value;
  }
  return headers;
}
