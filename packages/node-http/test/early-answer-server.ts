// The server of early-answer.test.ts, run as a program of its own: a server sharing the client's
// event loop reads the whole request before it answers, so the race the test is about (the answer
// given while the client is still sending) only happens when the server runs apart, as in real life.
// Usage: early-answer-server.ts 'fetch handler' | 'plain dispatch'; prints the port it listens on.
import type { AddressInfo } from 'node:net';
import { type FetchHandler, type PlainRequest, type PlainResponse, createServer } from '../src/index.js';

/** The limit the plain handler asks for, as flagadmin's core does (the fetch path uses the adapter's default). */
const HANDLER_BODY_LIMIT = 100 * 1024;

// Both answer as flagadmin's handler does: /health without looking at the body; otherwise the key
// first (401), then the content type (415), and only then the body (413 over the limit).
const fetchHandler: FetchHandler = async (request) => {
  const answer = (status: number) => Response.json({ answered: status }, { status });
  if (request.method === 'GET' && new URL(request.url).pathname === '/health') return answer(200);
  if (!request.headers.get('authorization')) return answer(401);
  if (!request.headers.get('content-type')?.startsWith('application/json')) return answer(415);
  await request.arrayBuffer(); // over the limit: the listener answers 413
  return answer(200);
};

const json = (status: number): PlainResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ answered: status }),
});

const plainHandler: FetchHandler = Object.assign(
  async (): Promise<Response> => {
    throw new Error('the WHATWG path was used');
  },
  {
    dispatch: async (request: PlainRequest): Promise<PlainResponse> => {
      if (request.method === 'GET' && request.url === '/health') return json(200);
      if (!request.headers.get('authorization')) return json(401);
      if (!request.headers.get('content-type')?.startsWith('application/json')) return json(415);
      try {
        await request.body(HANDLER_BODY_LIMIT);
      } catch (error) {
        if ((error as Error).name === 'PayloadTooLargeError') return json(413);
        throw error;
      }
      return json(200);
    },
  },
);

const server = createServer(process.argv[2] === 'plain dispatch' ? plainHandler : fetchHandler);
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
