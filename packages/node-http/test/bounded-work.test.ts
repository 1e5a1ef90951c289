// A body the answer does not need is not read: a 50 MB upload to a handler that answered without
// reading it (401, 415, a GET with a body) or over the limit (413) closes the connection instead of
// being read to its end. Run over both ways a handler is served: a fetch handler and the plain
// `dispatch` protocol.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type FetchHandler, type PlainRequest, type PlainResponse, createServer } from '../src/index.js';
import { closeServers, listen, parseAnswer, uploadUntilClosed } from './helpers.js';

const FIFTY_MB = 50 * 1024 * 1024;

interface Path {
  name: string;
  /** Answers `status` without reading the body, or reads it first when `read` is set. */
  handler(status: number, read?: boolean): FetchHandler;
}

const paths: Path[] = [
  {
    name: 'fetch handler',
    handler: (status, read) => async (request) => {
      if (read) await request.arrayBuffer();
      return Response.json({ answered: status }, { status });
    },
  },
  {
    name: 'plain dispatch',
    handler: (status, read) =>
      Object.assign(
        async (): Promise<Response> => {
          throw new Error('the WHATWG path was used');
        },
        {
          dispatch: async (request: PlainRequest): Promise<PlainResponse> => {
            // A plain handler maps the adapter's PayloadTooLargeError itself, as flagadmin's core does.
            if (read)
              await request
                .body(1000)
                .catch((error: Error) => (error.name === 'PayloadTooLargeError' ? (status = 413) : Promise.reject(error)));
            return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answered: status }) };
          },
        },
      ),
  },
];

for (const path of paths) {
  const test = suite(`node-http: bounded work (${path.name})`);
  test.after(closeServers);

  const portOf = async (handler: FetchHandler, bodyLimit = 1000) =>
    Number(new URL(await listen(createServer(handler, { bodyLimit }))).port);

  for (const [title, status, head] of [
    ['an answer without reading (401)', 401, `POST /api HTTP/1.1\r\nHost: x\r\nContent-Length: ${FIFTY_MB}\r\n\r\n`],
    ['a GET with a body', 200, `GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: ${FIFTY_MB}\r\n\r\n`],
    [
      'a chunked body left unread',
      415,
      `POST /api HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${(1024 * 1024).toString(16)}\r\n`,
    ],
  ] as const) {
    test(`${title}: answered with connection: close, and the 50 MB are not read`, async () => {
      const port = await portOf(path.handler(status));
      const { answer, written } = await uploadUntilClosed(port, head, FIFTY_MB);
      const response = parseAnswer(answer);
      assert.is(response.status, status);
      assert.equal(JSON.parse(response.body), { answered: status });
      assert.is(response.headers['connection'], 'close');
      assert.ok(written < FIFTY_MB, `the server closed the connection before the client could send it all (${written} bytes out)`);
    });
  }

  test('413 from content-length: answered with connection: close, and the 50 MB are not read', async () => {
    const port = await portOf(path.handler(200, true));
    const { answer, written } = await uploadUntilClosed(
      port,
      `POST /api HTTP/1.1\r\nHost: x\r\nContent-Length: ${FIFTY_MB}\r\n\r\n`,
      FIFTY_MB,
    );
    const response = parseAnswer(answer);
    assert.is(response.status, 413);
    assert.is(response.headers['connection'], 'close');
    assert.ok(written < FIFTY_MB, `the server closed the connection before the client could send it all (${written} bytes out)`);
  });

  test.run();
}
