import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serve, type PlainResponse } from '@flagadmin/node-http';
import { EncodedBodies } from '../src/encoded-bodies';

const test = suite('large bodies encoded once');

test('a large body is encoded once and its bytes reused for the same string; small ones stay strings', () => {
  const bodies = new EncodedBodies(100, 2);
  const page = `{"events":["${'é'.repeat(200)}"]}`;
  const first = bodies.of(page);
  assert.instance(first, Buffer);
  assert.is(bodies.of(page), first);
  assert.is((first as Buffer).toString('utf8'), page);
  assert.is(bodies.of('{"small":true}'), '{"small":true}');
});

test('only the last few bodies are kept', () => {
  const bodies = new EncodedBodies(10, 2);
  const [a, b, c] = ['a', 'b', 'c'].map((x) => x.repeat(50));
  const kept = bodies.of(a!);
  bodies.of(b!);
  assert.is(bodies.of(a!), kept, 'a used again stays');
  bodies.of(c!);
  assert.is.not(bodies.of(b!), undefined);
  assert.is.not(bodies.of(a!), kept, 'a was the oldest when b came back');
});

test('over HTTP: the same large answer twice goes out whole with the right length, multi-byte text included', async () => {
  const page = JSON.stringify({ events: Array.from({ length: 400 }, (_, i) => ({ id: i, text: `événement ${i} ✓` })) });
  const answer: PlainResponse = { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: page };
  const handle = Object.assign(async (): Promise<Response> => new Response('unused'), { dispatch: async () => answer });
  const server = await serve({ fetch: handle, compression: true });
  try {
    for (let round = 0; round < 2; round++) {
      const res = await fetch(`${server.url}/events`, { headers: { 'accept-encoding': 'identity' } });
      assert.is(res.headers.get('content-length'), String(Buffer.byteLength(page)));
      assert.is(await res.text(), page);
    }
    const compressed = await fetch(`${server.url}/events`, { headers: { 'accept-encoding': 'gzip' } });
    assert.is(compressed.headers.get('content-encoding'), 'gzip');
    assert.is(await compressed.text(), page);
  } finally {
    await server.close();
  }
});

test.run();
