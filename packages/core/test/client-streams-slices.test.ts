// A change is written to the streams 1,000 per turn of the event loop, so other work is served between
// slices; every stream still gets it. Streams are pushed into sinks of the test's own (no sockets); the
// check after the first slice runs as a microtask, before the next turn, so it depends on no timing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFlagadmin, SYSTEM_PRINCIPAL } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';

const STREAMS = 2_500;

test('a change reaches 1,000 streams per turn of the event loop, then the rest', async () => {
  const { admin } = createFlagadmin({ storage: memoryStorage() });
  await admin.createFeature(SYSTEM_PRINCIPAL, { projectId: 'default', body: { name: 'f' } });
  const { secret } = await admin.createApiKey(SYSTEM_PRINCIPAL, { body: { tokenName: 'sdk', type: 'client', environment: 'development' } });
  const principal = await admin.authenticate(secret);
  const updated: boolean[] = [];
  let afterFirstSlice: number | undefined;
  let resolveAll!: () => void;
  const all = new Promise<void>((resolve) => (resolveAll = resolve));
  const decoder = new TextDecoder();
  for (let i = 0; i < STREAMS; i++) {
    const stream = (await admin.openClientStream(principal)) as ReadableStream<Uint8Array> & {
      pushTo(sink: { write(chunk: Uint8Array): boolean; end(): void; fail(reason: Error): void }): void;
    };
    updated.push(false);
    stream.pushTo({
      write(chunk) {
        if (!decoder.decode(chunk).includes('event: unleash-updated')) return true;
        updated[i] = true;
        if (afterFirstSlice === undefined) {
          afterFirstSlice = -1;
          void Promise.resolve().then(() => (afterFirstSlice = updated.filter(Boolean).length));
        }
        if (updated.every(Boolean)) resolveAll();
        return true;
      },
      end() {},
      fail() {},
    });
  }
  try {
    await admin.toggleEnvironment(SYSTEM_PRINCIPAL, { projectId: 'default', featureName: 'f', environment: 'development', enabled: true });
    await all;
    assert.is(afterFirstSlice, 1_000, 'the first turn wrote 1,000 streams');
    assert.is(updated.filter(Boolean).length, STREAMS);
  } finally {
    admin.context.streams.close();
  }
});

test.run();
