// An HTTP receiver on 127.0.0.1 for integration deliveries, run by the test: each request is answered as
// `answer` says (a status, a connection reset, or held until a gate opens), and every request is kept with
// what it was answered, so a test counts per idempotency key what the receiver took (answered 2xx). It can
// go down and come back on the same port. Waits end when the receiver sees what is waited for.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The key test instances seal integration secrets with (core's `secretsKey`, the bin's FLAGADMIN_SECRETS_KEY). */
export const TEST_SECRETS_KEY = 'dGVzdCBrZXkgZm9yIGludGVncmF0aW9uIHNlY3JldHM=';

export interface Received {
  /** The request's path and query, as sent (the integration's URL without its origin). */
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The status answered, 'reset' for a dropped connection, undefined while held (or when the sender went away). */
  answered?: number | 'reset';
}

/** What to do with the n-th request (from 1): a status, 'reset' (the connection dropped), or a promise of one (held meanwhile). */
export type Answer = (n: number, request: Received) => number | 'reset' | Promise<number | 'reset'>;

export interface Receiver {
  /** The URL to give an integration; its query carries a secret, as incoming-webhook URLs do. */
  url: string;
  requests: Received[];
  /** Resolves once `check` holds on the requests (looked at after each request and each answer). */
  until(check: (requests: Received[]) => boolean): Promise<void>;
  /** Requests answered 2xx, by idempotency key. */
  taken(): Map<string, Received[]>;
  /** Stops listening (held requests dropped): a sender then cannot connect. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/** A gate: requests wait on `opened` until `open()`. */
export function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export async function startReceiver(answer: Answer = () => 200, secret = 'receiver-key-in-url'): Promise<Receiver> {
  const requests: Received[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', async () => {
      const received: Received = { path: req.url ?? '', headers: req.headers, body };
      requests.push(received);
      notify();
      const status = await answer(requests.length, received);
      if (res.destroyed) return; // the sender went away while it was held
      if (status === 'reset') req.socket.resetAndDestroy();
      else res.writeHead(status).end();
      received.answered = status;
      notify();
    });
  };
  let server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url: `http://127.0.0.1:${port}/hook?key=${secret}`,
    requests,
    until: (check) =>
      new Promise<void>((resolve) => {
        const waiter = () => {
          if (!check(requests)) return;
          waiters.delete(waiter);
          resolve();
        };
        waiters.add(waiter);
        waiter();
      }),
    taken: () => {
      const byKey = new Map<string, Received[]>();
      for (const r of requests) {
        if (typeof r.answered !== 'number' || r.answered >= 300) continue;
        const key = String(r.headers['idempotency-key']);
        byKey.set(key, [...(byKey.get(key) ?? []), r]);
      }
      return byKey;
    },
    down: stop,
    up: async () => {
      server = createServer(handle);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
