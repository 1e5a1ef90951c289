// Streams' bounds over a real socket: a client that never reads is closed once it is further behind than
// the feed keeps, while another stream gets every change; over the limit of open streams a 429, on which
// the real unleash-client falls back to polling and still sees changes; a shutdown ends every stream.
// Every wait is for an event (a socket's close, an SDK event), none for time.
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Unleash } from 'unleash-client';
import { createFlagadmin, SYSTEM_PRINCIPAL, type Admin } from '@flagadmin/core';
import { serve, type ServeResult } from '@flagadmin/node-http';
import { memoryStorage } from '@flagadmin/storage-memory';

async function start(streams: { max?: number; depth?: number }): Promise<{ admin: Admin; server: ServeResult; key: string }> {
  const { admin, handle } = createFlagadmin({ storage: memoryStorage(), streams });
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'big' } });
  const { secret } = await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'sdk', type: 'client', environment: 'development' } });
  return { admin, server: await serve({ fetch: handle, port: 0 }), key: secret };
}

/** A variant set of about 1 MB (100 variants with 10,000-character payloads), different for each `n`. */
const bigVariants = (n: number) =>
  Array.from({ length: 100 }, (_, i) => ({
    name: `v${i}`,
    stickiness: 'default',
    payload: { type: 'string', value: `${n}`.padEnd(10_000, 'x') },
  }));
const setVariants = (admin: Admin, n: number) =>
  admin.putEnvironmentVariants(SYSTEM_PRINCIPAL, {
    projectId: 'default',
    featureName: 'big',
    environment: 'development',
    body: bigVariants(n),
  });

/** The next SSE event's data from a fetch body reader (comments skipped). */
async function nextEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  buffered: { text: string },
): Promise<{ event: string; data: string } | undefined> {
  const decoder = new TextDecoder();
  for (;;) {
    const end = buffered.text.indexOf('\n\n');
    if (end !== -1) {
      const block = buffered.text.slice(0, end);
      buffered.text = buffered.text.slice(end + 2);
      if (block.startsWith(':')) continue;
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      return { event, data };
    }
    const { done, value } = await reader.read();
    if (done) return undefined;
    buffered.text += decoder.decode(value, { stream: true });
  }
}

test('a client that never reads is closed past the revisions kept; a reading stream gets every change; nothing else waits', async () => {
  const { admin, server, key } = await start({ depth: 4 });
  try {
    // The stalled client: a raw socket that reads the answer's head, then stops reading.
    const stalled = connect(server.port, '127.0.0.1');
    stalled.write(`GET /api/client/streaming HTTP/1.1\r\nHost: x\r\nAuthorization: ${key}\r\n\r\n`);
    await new Promise<void>((resolve) => stalled.once('data', () => resolve()));
    stalled.pause();
    const closed = new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    let isClosed = false;
    void closed.then(() => (isClosed = true));

    const reader = (await fetch(`${server.url}/api/client/streaming`, { headers: { authorization: key } })).body!.getReader();
    const buffered = { text: '' };
    assert.is((await nextEvent(reader, buffered))?.event, 'unleash-connected');

    let n = 0;
    const maxChanges = 200; // far more than the socket buffers and the 4 kept revisions need: the test fails rather than hangs
    while (!isClosed && n < maxChanges) {
      await setVariants(admin, ++n);
      const update = await nextEvent(reader, buffered);
      assert.is(update?.event, 'unleash-updated');
      assert.ok(update!.data.includes(`"value":"${n}x`), `the reading stream got change ${n}`);
      if (admin.context.streams.stats().dropped > 0) break;
    }
    assert.is(admin.context.streams.stats().dropped, 1, 'the stalled stream was dropped');
    stalled.resume(); // reads what the socket holds, then the end the server sent
    await closed;
    assert.is(admin.context.streams.stats().open, 1, 'the reading one stays');
    assert.ok(n < maxChanges, `dropped after ${n} changes`);
    // Still live: one more change reaches the reading stream.
    await setVariants(admin, ++n);
    assert.ok((await nextEvent(reader, buffered))!.data.includes(`"value":"${n}x`));
    await reader.cancel();
  } finally {
    admin.context.streams.close();
    await server.close();
  }
});

test('a change fanned out to 300 streams on helper threads: each reads every change, in order, exactly once', async () => {
  const { admin, handle } = createFlagadmin({ storage: memoryStorage() });
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'fanned' } });
  const { secret: key } = await admin.createApiKey(SYSTEM_PRINCIPAL, {
    body: { tokenName: 'sdk', type: 'client', environment: 'development' },
  });
  const server = await serve({ fetch: handle, port: 0, streamWriteThreads: 1 });
  try {
    const readers = await Promise.all(
      Array.from({ length: 300 }, async () => {
        const reader = (await fetch(`${server.url}/api/client/streaming`, { headers: { authorization: key } })).body!.getReader();
        const buffered = { text: '' };
        assert.is((await nextEvent(reader, buffered))?.event, 'unleash-connected');
        return { reader, buffered };
      }),
    );
    for (let n = 1; n <= 3; n++) {
      await admin.patchFeature(SYSTEM_PRINCIPAL, {
        projectId: 'default',
        featureName: 'fanned',
        patch: [{ op: 'replace', path: '/description', value: `change ${n}` }],
      });
      const events = await Promise.all(readers.map((r) => nextEvent(r.reader, r.buffered)));
      for (const event of events) {
        assert.is(event?.event, 'unleash-updated');
        assert.ok(event!.data.includes(`"description":"change ${n}"`), `change ${n}`);
      }
    }
    for (const r of readers) {
      assert.is(r.buffered.text.replace(/^:.*\n\n/gm, ''), '', 'nothing more than the three changes');
      await r.reader.cancel();
    }
  } finally {
    admin.context.streams.close();
    await server.close();
  }
});

test('over the limit of open streams: 429; the real unleash-client falls back to polling and still sees changes', async () => {
  const { admin, server, key } = await start({ max: 1 });
  const client = new Unleash({
    url: `${server.url}/api/`,
    appName: 'over-the-limit',
    customHeaders: { Authorization: key },
    refreshInterval: 50,
    disableMetrics: true,
    experimentalMode: { type: 'streaming' },
    disableAutoStart: true,
  } as ConstructorParameters<typeof Unleash>[0]);
  try {
    const first = await fetch(`${server.url}/api/client/streaming`, { headers: { authorization: key } });
    assert.is(first.status, 200);
    const refused = await fetch(`${server.url}/api/client/streaming`, { headers: { authorization: key } });
    assert.is(refused.status, 429);
    assert.equal((await refused.json()).name, 'TooManyRequestsError');

    // The SDK is told 429 on its stream, warns, and polls: it still gets its flags and their changes.
    const warned = new Promise<string>((resolve) =>
      client.on('warn', (message: string) => /429|Too Many Requests/.test(message) && resolve(message)),
    );
    client.on('error', () => undefined);
    const synchronized = new Promise((resolve) => client.once('synchronized', resolve));
    await client.start();
    await synchronized;
    assert.match(await warned, /Too Many Requests/);
    await admin.toggleEnvironment(SYSTEM_PRINCIPAL, {
      projectId: 'default',
      featureName: 'big',
      environment: 'development',
      enabled: true,
    });
    await new Promise<void>((resolve) => {
      const look = () => client.isEnabled('big') && resolve();
      client.on('changed', look);
      look();
    });
    await first.body!.cancel();
  } finally {
    client.destroy();
    admin.context.streams.close();
    await server.close();
  }
});

test("shutdown: close() ends every stream cleanly, so the server's close does not wait for them; new streams get 503", async () => {
  const { admin, server, key } = await start({});
  const reader = (await fetch(`${server.url}/api/client/streaming`, { headers: { authorization: key } })).body!.getReader();
  const buffered = { text: '' };
  assert.is((await nextEvent(reader, buffered))?.event, 'unleash-connected');
  const head = await fetch(`${server.url}/api/client/streaming`, { method: 'HEAD', headers: { authorization: key } });
  assert.equal(
    [head.status, head.headers.get('content-type'), (await head.arrayBuffer()).byteLength],
    [200, 'text/event-stream; charset=utf-8', 0],
  );
  assert.is(admin.context.streams.stats().open, 1, 'a HEAD holds no stream');
  admin.context.streams.close();
  assert.is(await nextEvent(reader, buffered), undefined, 'the stream ended');
  const refused = await fetch(`${server.url}/api/client/streaming`, { headers: { authorization: key } });
  assert.is(refused.status, 503);
  await refused.text();
  await server.close();
  assert.is(admin.context.streams.stats().open, 0);
});

test('an HTTP/1.0 client gets the events unframed, ended by the connection closing; HTTP/1.1 in chunks ended by the last one', async () => {
  const { admin, server, key } = await start({});
  try {
    const sockets = ['1.0', '1.1'].map((version) => {
      const socket = connect(server.port, '127.0.0.1');
      const read = { text: '' };
      socket.on('data', (d: Buffer) => (read.text += d.toString('latin1')));
      const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
      socket.write(`GET /api/client/streaming HTTP/${version}\r\nHost: x\r\nAuthorization: ${key}\r\n\r\n`);
      const until = (part: string) =>
        new Promise<void>((resolve) => {
          const look = () => read.text.includes(part) && (socket.off('data', look), resolve());
          socket.on('data', look);
          look();
        });
      return { socket, read, ended, until };
    });
    for (const s of sockets) await s.until('event: unleash-connected');
    await admin.toggleEnvironment(SYSTEM_PRINCIPAL, {
      projectId: 'default',
      featureName: 'big',
      environment: 'development',
      enabled: true,
    });
    for (const s of sockets) await s.until('event: unleash-updated');
    admin.context.streams.close();
    await sockets[0]!.ended; // HTTP/1.0: the connection closes
    await sockets[1]!.until('\r\n0\r\n\r\n'); // HTTP/1.1: the last chunk (the connection may be kept)
    const [old, chunked] = sockets.map((s) => s.read.text);
    assert.match(old!, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(old!, /\r\nconnection: close\r\n/i);
    assert.not.match(old!, /transfer-encoding/i);
    assert.match(old!, /\r\n\r\nid: \d+\nevent: unleash-connected\n/);
    assert.match(chunked!, /\r\ntransfer-encoding: chunked\r\n/i);
    assert.match(chunked!, /\r\n\r\n[0-9a-f]+\r\nid: \d+\nevent: unleash-connected\n/);
    assert.ok(chunked!.endsWith('\r\n0\r\n\r\n'), 'the last chunk ends the answer');
    for (const s of sockets) s.socket.destroy();
  } finally {
    admin.context.streams.close();
    await server.close();
  }
});

test.run();
