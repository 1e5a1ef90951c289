// serve(): listening, closing, options.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serve, toNodeListener } from '../src/index.js';
import { closeServers, deferred, within, sleep, echo } from './helpers.js';

const test = suite('node-http: serve()');
test.after(closeServers);

test('serve(): port 0 gives a working url; close() waits for an in-flight request, then resolves', async () => {
  const release = deferred();
  const entered = deferred();
  const { url, port, server, close } = await serve({
    fetch: async (request) => {
      if (new URL(request.url).pathname === '/slow') {
        entered.resolve();
        await release.promise;
        return new Response('slow done');
      }
      return new Response('fast');
    },
  });
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.ok(port > 0);
  assert.is(url, `http://127.0.0.1:${port}`);
  assert.is(await (await fetch(`${url}/`)).text(), 'fast'); // leaves an idle keep-alive connection behind

  const slow = fetch(`${url}/slow`).then((r) => r.text());
  await within(entered.promise, 'slow request entered');
  let closed = false;
  const closing = close().then(() => (closed = true));
  await sleep(100);
  assert.is(closed, false, 'close() waits for the in-flight request');
  assert.is(server.listening, false, 'no new connections are accepted');
  release.resolve();
  assert.is(await within(slow, 'slow response'), 'slow done');
  await within(closing, 'close() resolves once the request is done and idle connections are closed');
  assert.ok(closed);
  await close(); // a second close is harmless
});

test('serve(): a busy port rejects', async () => {
  const first = await serve({ fetch: async () => new Response('one') });
  try {
    let error: unknown;
    await serve({ fetch: async () => new Response('two'), port: first.port }).then(
      (second) => second.close(),
      (e: unknown) => (error = e),
    );
    assert.is((error as NodeJS.ErrnoException | undefined)?.code, 'EADDRINUSE');
  } finally {
    await first.close();
  }
});

test('options are checked', () => {
  assert.throws(() => toNodeListener(echo, { bodyLimit: -1 }), /bodyLimit/);
});

test('close(): answers that end together while closing walk the connections once, not once each (200 streams)', async () => {
  const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
  const opened = deferred();
  const count = 200;
  const { url, server, close } = await serve({
    fetch: async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controllers.push(controller);
            controller.enqueue(new TextEncoder().encode(': open\n\n'));
            if (controllers.length === count) opened.resolve();
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
  });
  const readers = Array.from({ length: count }, () => fetch(url).then((r) => r.text()));
  await within(opened.promise, 'every stream open');
  let walks = 0;
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    walks++;
    closeIdle();
  };
  const closing = close();
  for (const controller of controllers) controller.close();
  await within(Promise.all(readers), 'every stream ended');
  await within(closing, 'closed');
  assert.ok(walks <= 3, `closeIdleConnections ran ${walks} times`);
});

test.run();
