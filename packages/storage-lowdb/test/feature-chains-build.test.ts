// The index by feature name built after open: events appended while it is built, and queries asked before it
// is ready, with the file's reads held back by the test (no timing involved).
import type { FileHandle } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FeatureChainsBuild } from '../src/feature-chains-build';

const line = (id: number, feature: string | null, dataFirst = false): string =>
  dataFirst
    ? `{"id":${id},"project":"p","data":{"featureName":"inside"},"featureName":${JSON.stringify(feature)}}\n`
    : `{"id":${id},"project":"p","type":"t","featureName":${JSON.stringify(feature)},"data":{"featureName":"inside"}}\n`;

/** A file of these bytes whose reads wait until `open()` is called. */
function heldFile(bytes: Buffer): { fh: FileHandle; open(): void; reads: () => number } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reads = 0;
  const fh = {
    async read(buffer: Buffer, offset: number, length: number, position: number) {
      reads++;
      await gate;
      const n = bytes.copy(buffer, offset, position, Math.min(bytes.length, position + length));
      return { bytesRead: n, buffer };
    },
  } as unknown as FileHandle;
  return { fh, open: release, reads: () => reads };
}

const positions = (build: FeatureChainsBuild, feature: string, upTo: number) =>
  build.ready().then((chains) => chains.positions(feature, undefined, Infinity, upTo, () => undefined));

test('events appended while the index is built are filed after the lines before them; a query waits for it', async () => {
  const features = ['a', 'b', null, 'a', 'ünï"cödé', 'b', 'a'];
  const text = features.map((f, i) => line(i + 1, f, i % 3 === 1)).join('');
  const file = heldFile(Buffer.from(text));
  const build = new FeatureChainsBuild();
  build.start(file.fh, 'events.jsonl', Buffer.byteLength(text), features.length);
  build.add('b'); // position 7
  build.add('c'); // position 8
  const asked = positions(build, 'b', 9);
  build.add('a'); // position 9
  file.open();
  assert.equal(await asked, [7, 5, 1]);
  assert.equal(await positions(build, 'a', 10), [9, 6, 3, 0]);
  assert.equal(await positions(build, 'ünï"cödé', 10), [4]);
  assert.equal(await positions(build, 'c', 10), [8]);
  assert.equal(await positions(build, 'inside', 10), []);
  build.add('c');
  assert.equal(await positions(build, 'c', 11), [10, 8]);
  assert.ok(file.reads() >= 1);
});

test('a log with no events is ready at once; a line that is not JSON fails the queries by feature, not the build’s caller', async () => {
  const empty = new FeatureChainsBuild();
  empty.start(heldFile(Buffer.alloc(0)).fh, 'events.jsonl', 0, 0);
  empty.add('x');
  assert.equal(
    (await empty.ready()).positions('x', undefined, 5, 1, () => undefined),
    [0],
  );

  const text = `${line(1, 'a')}{"id":2,"project":"p","data":[1,2}\n`;
  const file = heldFile(Buffer.from(text));
  const broken = new FeatureChainsBuild();
  broken.start(file.fh, 'events.jsonl', Buffer.byteLength(text), 2);
  file.open();
  try {
    await broken.ready();
    assert.unreachable('the build failed');
  } catch (error) {
    assert.is((error as Error).name, 'FlagadminStorageCorruptError');
    assert.match((error as Error).message, /events\.jsonl: line 2 is not valid JSON/);
  }
});

test('stopped (the file is closing): the build ends at its next read and queries still waiting fail', async () => {
  const text = line(1, 'a');
  const file = heldFile(Buffer.from(text));
  const build = new FeatureChainsBuild();
  build.start(file.fh, 'events.jsonl', Buffer.byteLength(text), 1);
  const asked = build.ready().then(
    () => 'answered',
    (error: Error) => error.message,
  );
  const stopped = build.stop();
  file.open();
  await stopped;
  assert.match(await asked, /closed before the index by feature name was built/);
});

test.run();
