// The behaviours an embedder relies on, run over both ways a handler is served: a WHATWG fetch
// handler, and the plain `dispatch` protocol that flagadmin's own handler uses on Node.
import { type IncomingMessage, type ServerResponse, request as httpRequest } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type FetchHandler, type PlainRequest, type PlainResponse, toNodeListener } from '../src/index.js';
import { assertJsonError, closeServers, createHttpServerWith, deferred, listen, start } from './helpers.js';

interface Seen {
  method: string;
  /** Path and query, as the handler saw them. */
  path: string;
  body: string;
}

interface Path {
  name: string;
  /** An echo handler; `failed` gets how reading the body failed, if it did. */
  echo(failed?: (error: unknown) => void): FetchHandler;
}

const paths: Path[] = [
  {
    name: 'fetch handler',
    echo: (failed) => async (request) => {
      let body: string;
      try {
        body = await request.text();
      } catch (error) {
        failed?.(error);
        throw error;
      }
      const url = new URL(request.url);
      return Response.json({ method: request.method, path: url.pathname + url.search, body } satisfies Seen);
    },
  },
  {
    name: 'plain dispatch',
    echo: (failed) =>
      Object.assign(
        async (): Promise<Response> => {
          throw new Error('the WHATWG path was used');
        },
        {
          dispatch: async (request: PlainRequest): Promise<PlainResponse> => {
            let bytes: Uint8Array;
            try {
              bytes = await request.body(100);
            } catch (error) {
              failed?.(error);
              if ((error as Error).name === 'PayloadTooLargeError') {
                // a plain handler answers the adapter's PayloadTooLargeError itself, as flagadmin's core does
                const id = crypto.randomUUID();
                const body = JSON.stringify({ id, name: 'PayloadTooLargeError', message: 'too large' });
                return { status: 413, headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': id }, body };
              }
              throw error;
            }
            const seen: Seen = { method: request.method, path: request.url, body: new TextDecoder().decode(bytes) };
            return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(seen) };
          },
        },
      ),
  },
];

for (const path of paths) {
  const test = suite(`node-http: behaviour over a ${path.name}`);
  test.after(closeServers);

  test('mounted by Connect/Express under /admin: the handler sees the full path from originalUrl', async () => {
    const listener = toNodeListener(path.echo());
    const url = await listen(
      createHttpServerWith((req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
        req.originalUrl = req.url;
        req.url = req.url!.slice('/admin'.length) || '/';
        listener(req, res);
      }),
    );
    const seen = (await (await fetch(`${url}/admin/api/admin/projects?x=1`)).json()) as Seen;
    assert.is(seen.path, '/admin/api/admin/projects?x=1');
  });

  test('a body already parsed by express.json() is what the handler reads', async () => {
    const listener = toNodeListener(path.echo());
    const url = await listen(
      createHttpServerWith(async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
        let text = '';
        for await (const chunk of req) text += String(chunk);
        req.body = JSON.parse(text);
        listener(req, res);
      }),
    );
    const seen = (await (
      await fetch(url, { method: 'POST', body: '{ "name":  "a" }', headers: { 'content-type': 'application/json' } })
    ).json()) as Seen;
    assert.is(seen.body, '{"name":"a"}');
  });

  test('a client that leaves mid-body: reading the body fails with an AbortError', async () => {
    const failure = deferred<unknown>();
    const url = await start(path.echo((error) => failure.resolve(error)));
    const { hostname, port } = new URL(url);
    const req = httpRequest({ hostname, port, method: 'POST', path: '/', headers: { 'content-length': 50, expect: '100-continue' } });
    req.on('error', () => undefined);
    req.on('continue', () => {
      req.write('12345');
      req.destroy();
    });
    req.flushHeaders();
    assert.is(((await failure.promise) as Error).name, 'AbortError');
  });

  test('413 for a declared content-length over the limit, and the connection is closed', async () => {
    const url = await start(path.echo(), { bodyLimit: 100 });
    const res = await fetch(url, { method: 'POST', body: 'x'.repeat(101) });
    assertJsonError(res, await res.json(), 413, 'PayloadTooLargeError');
    assert.is(res.headers.get('connection'), 'close');
  });

  test.run();
}
