import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lowdbStorage, type JournalEntry, type SnapshotDocument } from '@flagadmin/storage-lowdb';
import { eventsOf, journalLines, journalText, makeEvent, makeFeature, makeProject, tempDir } from './helpers';

const lines = async (file: string): Promise<string[]> => (await readFile(file, 'utf8')).split('\n').filter(Boolean);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('the files exist and have the documented format', async () => {
  const { dir, remove } = await tempDir();
  try {
    const storage = await lowdbStorage({ dir });
    await storage.write(async (tx) => {
      await tx.put('projects', makeProject('p1'));
      await tx.put('features', makeFeature('f1', 'p1'));
      await tx.appendEvent(makeEvent({ project: 'p1' }));
      await tx.appendEvent(makeEvent({ project: null, type: 'instance-event' }));
      await tx.nextSequence('apiKey');
    });
    await storage.write((tx) => tx.put('features', makeFeature('f2', 'p1')));

    const lock = JSON.parse(await readFile(join(dir, 'lock'), 'utf8')) as { pid: number; start?: string; boot?: string; sock?: string };
    assert.is(lock.pid, process.pid);
    assert.match(lock.sock ?? '', /^lock\.\d+\.[a-z0-9]+\.sock$/, 'the socket the owner listens on');
    assert.ok(existsSync(join(dir, lock.sock!)));
    assert.not.ok(existsSync(join(dir, 'db.json')), 'no snapshot before the first checkpoint');

    const events = await lines(join(dir, 'events.jsonl'));
    assert.is(events.length, 2);
    assert.ok(events[0]!.startsWith('{"id":1,"project":"p1",'), events[0]);
    assert.ok(events[1]!.startsWith('{"id":2,"project":null,'), events[1]);
    assert.equal(JSON.parse(events[0]!), { id: 1, ...makeEvent({ project: 'p1' }) });
    const eventsSize = (await stat(join(dir, 'events.jsonl'))).size;

    const written = await journalText(join(dir, 'journal.jsonl'));
    assert.ok(written.size >= 1 << 20, `preallocated with zeros ahead of its lines (${written.size} bytes)`);
    const journal = (await journalLines(join(dir, 'journal.jsonl'))).map((l) => JSON.parse(l) as JournalEntry);
    assert.ok(written.text.endsWith('\n'), 'whole lines, then zeros');
    assert.equal(journal, [
      {
        batch: 1,
        commit: 1,
        events: [1, 2],
        eventsBytes: eventsSize,
        sequences: { apiKey: 1 },
        puts: [
          ['projects', makeProject('p1')],
          ['features', makeFeature('f1', 'p1')],
        ],
        lines: events.map((line) => JSON.parse(line)),
      },
      { batch: 2, commit: 2, events: null, eventsBytes: eventsSize, sequences: {}, puts: [['features', makeFeature('f2', 'p1')]] },
    ]);

    await storage.close();
    assert.not.ok(existsSync(join(dir, 'lock')));
    assert.equal(
      readdirSync(dir).filter((f) => f.endsWith('.sock')),
      [],
      'close removes the socket too',
    );
    assert.is((await stat(join(dir, 'journal.jsonl'))).size, 0, 'close checkpoints: the journal is empty');
    const text = await readFile(join(dir, 'db.json'), 'utf8');
    const doc = JSON.parse(text) as SnapshotDocument;
    assert.equal(doc, {
      format: 'flagadmin-lowdb',
      version: 1,
      commit: 2,
      lastEventId: 2,
      eventsBytes: eventsSize,
      sequences: { apiKey: 1 },
      collections: {
        projects: [makeProject('p1')],
        environments: [],
        features: [makeFeature('f1', 'p1'), makeFeature('f2', 'p1')],
        apiKeys: [],
        changeRequests: [],
        clientApps: [],
        projectStats: [],
        segments: [],
        changeRequestConfigs: [],
        contextFields: [],
        tagTypes: [],
        tags: [],
        strategyDefinitions: [],
        featureTypes: [],
        settings: [],
        addons: [],
        usageBuckets: [],
        users: [],
        sessions: [],
        personalTokens: [],
      },
    });
    assert.ok(text.includes(`\n${JSON.stringify(makeFeature('f2', 'p1'))}\n`), 'one record per line');
    assert.is((await stat(join(dir, 'events.jsonl'))).size, eventsSize, 'checkpoints never touch the event log');
  } finally {
    await remove();
  }
});

test('the journal is checkpointed into db.json past the threshold, then emptied', async () => {
  const { dir, remove } = await tempDir();
  try {
    const storage = await lowdbStorage({ dir, checkpointBytes: 20_000 });
    const journalSize = () => journalText(join(dir, 'journal.jsonl')).then((j) => j.end);
    let n = 0;
    while (!existsSync(join(dir, 'db.json'))) {
      await storage.write((tx) => tx.put('features', makeFeature(`f${++n}`, 'p1')));
      assert.ok(n < 100, 'a checkpoint happened');
    }
    // The next write queues behind the checkpoint, so once it resolves the checkpoint is done.
    await storage.write((tx) => tx.put('features', makeFeature('after', 'p1')));
    const total = n + 1;
    const doc = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as SnapshotDocument;
    assert.ok(doc.commit >= 1 && doc.commit <= n, `snapshot at commit ${doc.commit}`);
    assert.is(doc.collections.features!.length, doc.commit, 'one feature per folded commit');
    const journal = (await journalLines(join(dir, 'journal.jsonl'))).map((l) => JSON.parse(l) as JournalEntry);
    assert.equal(
      journal.map((e) => e.commit),
      Array.from({ length: total - doc.commit }, (_, i) => doc.commit + 1 + i),
      'the journal holds only the commits after the snapshot',
    );
    assert.ok((await journalSize()) < 20_000, 'the journal was emptied');
    // Below the threshold a commit does not rewrite db.json.
    const snapshotBefore = await stat(join(dir, 'db.json'));
    const bytesBefore = await readFile(join(dir, 'db.json'));
    await storage.write((tx) => tx.put('features', makeFeature('one-more', 'p1')));
    const snapshotAfter = await stat(join(dir, 'db.json'));
    assert.is(snapshotAfter.ino, snapshotBefore.ino);
    assert.is(sha(await readFile(join(dir, 'db.json'))), sha(bytesBefore));
    await storage.close();

    const again = await lowdbStorage({ dir });
    assert.is((await again.read((tx) => tx.list('features'))).length, total + 1);
    await again.close();
  } finally {
    await remove();
  }
});

test('appending to a long history does not rewrite events.jsonl', async () => {
  const { dir, remove } = await tempDir();
  try {
    const storage = await lowdbStorage({ dir, checkpointBytes: 50_000 });
    for (let batch = 0; batch < 20; batch++) {
      await storage.write(async (tx) => {
        for (let i = 0; i < 100; i++) await tx.appendEvent(makeEvent({ project: `p${i % 4}`, data: { batch, i } }));
        await tx.put('features', makeFeature(`f${batch}`, `p${batch % 4}`));
      });
    }
    const file = join(dir, 'events.jsonl');
    const before = await stat(file);
    const bytes = await readFile(file);
    await storage.write(async (tx) => {
      await tx.appendEvent(makeEvent({ project: 'p1', data: 'new-1' }));
      await tx.appendEvent(makeEvent({ project: null, data: 'new-2' }));
    });
    const after = await stat(file);
    const now = await readFile(file);
    assert.is(after.ino, before.ino, 'same file');
    assert.is(sha(now.subarray(0, bytes.length)), sha(bytes), 'earlier bytes unchanged');
    const added = now.subarray(bytes.length).toString('utf8');
    const newLines = added.split('\n').filter(Boolean);
    assert.is(newLines.length, 2, 'grew by exactly the new lines');
    assert.is(after.size, before.size + Buffer.byteLength(added));
    assert.equal(
      newLines.map((l) => (JSON.parse(l) as { id: number }).id),
      [2001, 2002],
    );
    assert.is(await storage.read((tx) => tx.countEvents({ projects: ['p1'] })), 501);
    await storage.close();
    assert.is(sha((await readFile(file)).subarray(0, bytes.length)), sha(bytes), 'close does not rewrite it either');
  } finally {
    await remove();
  }
});

test('data survives reopen: records, indexes, events and sequences (file option)', async () => {
  const { dir, remove } = await tempDir();
  try {
    const file = join(dir, 'flags.json');
    const storage = await lowdbStorage({ file, checkpointBytes: 3000 });
    for (let i = 0; i < 30; i++) {
      await storage.write(async (tx) => {
        await tx.put('features', makeFeature(`f${String(i).padStart(2, '0')}`, `p${i % 3}`, { version: i }));
        await tx.appendEvent(makeEvent({ project: i % 5 === 0 ? null : `p${i % 3}`, data: { i } }));
        await tx.nextSequence('changeRequest');
      });
    }
    await storage.write((tx) => tx.put('features', makeFeature('f00', 'p2', { version: 100 })));
    await storage.close();
    const again = await lowdbStorage({ file });
    await again.read(async (tx) => {
      assert.is((await tx.list('features')).length, 30);
      assert.equal(
        (await tx.list('features', { project: 'p0' })).map((f) => f.name),
        ['f03', 'f06', 'f09', 'f12', 'f15', 'f18', 'f21', 'f24', 'f27'],
      );
      assert.is((await tx.get('features', 'f00'))!.version, 100);
      assert.is(await tx.countEvents({}), 30);
      assert.is(await tx.countEvents({ projects: ['p1'] }), 8);
      assert.equal(
        (await eventsOf(tx, { projects: ['p1'] })).map((e) => (e.data as { i: number }).i),
        [28, 22, 19, 16, 13, 7, 4, 1],
      );
      assert.equal(
        (await eventsOf(tx, { limit: 2 })).map((e) => e.id),
        [30, 29],
      );
    });
    assert.is(await again.write((tx) => tx.nextSequence('changeRequest')), 31);
    await again.close();
  } finally {
    await remove();
  }
});

test('a db.json laid out differently (pretty-printed by hand) is still read', async () => {
  const { dir, remove } = await tempDir();
  try {
    const storage = await lowdbStorage({ dir });
    await storage.write(async (tx) => {
      await tx.put('features', makeFeature('f1', 'p1'));
      await tx.appendEvent(makeEvent({ project: 'p1' }));
    });
    await storage.close();
    const doc = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as SnapshotDocument;
    await writeFile(join(dir, 'db.json'), JSON.stringify(doc, null, 2));
    const again = await lowdbStorage({ dir });
    assert.equal(await again.read((tx) => tx.get('features', 'f1')), makeFeature('f1', 'p1'));
    assert.is(await again.read((tx) => tx.countEvents({})), 1);
    await again.close();
  } finally {
    await remove();
  }
});

test.run();
