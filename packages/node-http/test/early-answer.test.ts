// An answer given before the request body is read (401, 415, 413, a GET with a body) must reach a
// client that is still sending: the server half-closes, discards the rest of the body (bounded) and
// only then closes, so the kernel never resets the connection under the client's unread answer.
// Run over both ways a handler is served: a fetch handler and the plain `dispatch` protocol.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { raw, uploadUntilClosed, within } from './helpers.js';

const TRIES = 40;
/** What the client sends: 160 KiB, over the default body limit (100 KiB) and the keep-alive drain (64 KiB). */
const BODY_BYTES = 160 * 1024;
const CHUNK_BYTES = 4096;
/** The reproduction's client reads only this long after sending (it is busy writing, as a real client is). */
const READ_AFTER_MS = 30;
/** A client that never stops sending gives up after this many bytes: far past any bound the server keeps. */
const ENDLESS_BYTES = 64 * 1024 * 1024;

const PATCH = 'PATCH /api/admin/projects/p/features/f HTTP/1.1\r\nHost: x';
const cases = [
  { title: '401 without a key', status: 401, head: `${PATCH}\r\nContent-Type: application/json` },
  { title: '415 for text/plain', status: 415, head: `${PATCH}\r\nAuthorization: key\r\nContent-Type: text/plain` },
  { title: '413 over the body limit', status: 413, head: `${PATCH}\r\nAuthorization: key\r\nContent-Type: application/json` },
  { title: 'GET /health with a body', status: 200, head: 'GET /health HTTP/1.1\r\nHost: x' },
] as const;

/** The whole request as the client writes it: the head, then 160 KiB in 4 KiB chunks (or one declared body). */
function requestBytes(head: string, framing: 'chunked' | 'content-length'): Buffer[] {
  const data = Buffer.alloc(CHUNK_BYTES, 'a');
  const parts: Buffer[] = [];
  if (framing === 'content-length') {
    parts.push(Buffer.from(`${head}\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`));
    for (let sent = 0; sent < BODY_BYTES; sent += CHUNK_BYTES) parts.push(data);
    return parts;
  }
  parts.push(Buffer.from(`${head}\r\nTransfer-Encoding: chunked\r\n\r\n`));
  const chunk = Buffer.concat([Buffer.from(`${CHUNK_BYTES.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
  for (let sent = 0; sent < BODY_BYTES; sent += CHUNK_BYTES) parts.push(chunk);
  parts.push(Buffer.from('0\r\n\r\n'));
  return parts;
}

/**
 * One try of the reproduction: a raw connection writes the whole request, starts reading only
 * READ_AFTER_MS later, and resolves once the connection is closed with what it read and the
 * error it saw, if any (EPIPE, ECONNRESET).
 */
function sendThenRead(port: number, parts: Buffer[]): Promise<{ answer: string; error: string | undefined }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.pause(); // nothing is read from the connection until the client gets to it
    let answer = '';
    let error: string | undefined;
    socket.setEncoding('latin1');
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => resolve({ answer, error }));
    socket.once('connect', () => {
      for (const part of parts) socket.write(part);
      setTimeout(() => {
        socket.on('data', (d: string) => (answer += d));
        socket.resume();
      }, READ_AFTER_MS);
    });
  });
}

for (const path of ['fetch handler', 'plain dispatch']) {
  const test = suite(`node-http: an early answer reaches a client still sending (${path})`);

  // The server runs in a process of its own (see early-answer-server.ts for why), started the way
  // this file was (TypeScript through tsx, the package from source).
  let server: ChildProcess;
  let port = 0;
  test.before(async () => {
    const file = fileURLToPath(new URL('./early-answer-server.ts', import.meta.url));
    server = spawn(process.execPath, [...process.execArgv, file, path], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await within(once(server.stdout!, 'data'), 'the server listening')) as [Buffer];
    port = Number(String(line).trim());
  });
  test.after(async () => {
    const exited = once(server, 'exit');
    server.kill();
    await within(exited, 'the server stopped');
  });

  for (const { title, status, head } of cases) {
    for (const framing of ['chunked', 'content-length'] as const) {
      test(`${title}, ${framing} 160 KiB body: every one of ${TRIES} clients reads the status line`, async () => {
        const parts = requestBytes(head, framing);
        const results: { answer: string; error: string | undefined }[] = [];
        // One after another: the server then answers each while its client is still writing.
        for (let i = 0; i < TRIES; i++) results.push(await within(sendThenRead(port, parts), `try ${i + 1}`));
        const lost = results.filter((r) => !r.answer.startsWith('HTTP/1.1 '));
        const errors = [...new Set(lost.map((r) => r.error ?? 'closed without an answer'))].join(', ');
        assert.is(lost.length, 0, `${lost.length} of ${TRIES} clients never read a status line (${errors})`);
        for (const { answer } of results) {
          assert.is(answer.slice(9, 12), String(status));
          assert.match(answer, /\r\nconnection: close\r\n/i);
        }
      });
    }
  }

  test('a client that never stops sending is cut off by the server', async () => {
    const head = `${PATCH}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${ENDLESS_BYTES.toString(16)}\r\n`;
    const { answer, written } = await within(uploadUntilClosed(port, head, ENDLESS_BYTES), 'the connection closed');
    assert.ok(written < ENDLESS_BYTES, `the server closed the connection before the client ran out (${written} bytes out)`);
    assert.ok(answer === '' || answer.startsWith('HTTP/1.1 401 '), answer.slice(0, 40));
  });

  test('keep-alive is unaffected: answers after a read body, a small unread body and no body share one connection', async () => {
    const url = `http://127.0.0.1:${port}`;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const common = { path: '/api/admin/projects/p/features/f', agent };
      const read = { ...common, method: 'PATCH', headers: { authorization: 'key', 'content-type': 'application/json' }, body: '{"a":1}' };
      const answers = [
        await within(raw(url, read), 'a body read'),
        await within(
          raw(url, { ...common, method: 'PATCH', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(1000) }),
          'a body left unread',
        ),
        await within(raw(url, { ...common, path: '/health' }), 'no body'),
        await within(raw(url, read), 'a body read again'),
      ];
      assert.equal(
        answers.map((a) => a.status),
        [200, 401, 200, 200],
      );
      assert.equal(
        answers.map((a) => a.reusedSocket),
        [false, true, true, true],
      );
      assert.ok(answers.every((a) => a.headers.connection === 'keep-alive'));
    } finally {
      agent.destroy();
    }
  });

  test.run();
}
