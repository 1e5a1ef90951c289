import { existsSync } from 'node:fs';
import { appendFile, copyFile, open, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Storage } from '@flagadmin/core';
import { FlagadminStorageCorruptError, lowdbStorage } from '@flagadmin/storage-lowdb';
import { levelOf, pinoLines } from '../../../test/helpers/pino-lines';
import { eventsOf, journalText, makeEvent, makeFeature, recordingLogger, rejects, tempDir } from './helpers';

const FILES = ['db.json', 'journal.jsonl', 'events.jsonl'];

/**
 * What a crash leaves: the files of a storage that is still open (never closed, so nothing was
 * checkpointed at close), copied to a fresh directory without the lock.
 */
async function crashImage(build: (storage: Storage) => Promise<void>, options: { checkpointBytes?: number; closeFirst?: boolean } = {}) {
  const source = await tempDir();
  const target = await tempDir();
  const storage = await lowdbStorage({ dir: source.dir, checkpointBytes: options.checkpointBytes });
  await build(storage);
  // A checkpoint runs after its commit, in the background: closing first waits for it, so the image does
  // not depend on how fast this machine checkpoints.
  if (options.closeFirst) await storage.close();
  for (const name of FILES) {
    if (existsSync(join(source.dir, name))) await copyFile(join(source.dir, name), join(target.dir, name));
  }
  await storage.close();
  await source.remove();
  return target;
}

/** Three commits, each a feature fN in project pN%2 and one event. */
const threeCommits = async (storage: Storage) => {
  for (let n = 1; n <= 3; n++) {
    await storage.write(async (tx) => {
      await tx.put('features', makeFeature(`f${n}`, `p${n % 2}`));
      await tx.appendEvent(makeEvent({ project: `p${n % 2}`, data: { n } }));
    });
  }
};

/** Writes `text` at `position` of `file` without changing anything else (as a write in progress would). */
async function writeAt(file: string, position: number, text: string): Promise<void> {
  const fh = await open(file, 'r+');
  try {
    await fh.write(Buffer.from(text, 'utf8'), 0, Buffer.byteLength(text), position);
  } finally {
    await fh.close();
  }
}

const snapshotOf = async (dir: string) => {
  const out: Record<string, Buffer | null> = {};
  for (const name of FILES) out[name] = existsSync(join(dir, name)) ? await readFile(join(dir, name)) : null;
  return out;
};

test('a torn last journal line and the events of its commit are dropped; the commits before survive', async () => {
  const { dir, remove } = await crashImage(threeCommits);
  try {
    const journal = join(dir, 'journal.jsonl');
    const events = join(dir, 'events.jsonl');
    const journalEnd = (await journalText(journal)).end;
    const eventsSize = (await stat(events)).size;
    // Commit 4 was being written: its event line is complete, its journal line torn (written over the
    // preallocated zeros after the last complete line).
    await appendFile(events, `${JSON.stringify({ id: 4, project: 'p0', data: 'uncommitted' })}\n{"id":5,"proj`);
    await writeAt(journal, journalEnd, '{"batch":4,"commit":4,"events":[4,5],"eventsBytes":99999,"sequences":{},"puts":[["features",{"na');
    // A real pino(): the repairs are plain-message warnings, each its own line at level warn.
    const { logger, lines } = pinoLines();
    const storage = await lowdbStorage({ dir, logger });
    await storage.read(async (tx) => {
      assert.equal(
        (await tx.list('features')).map((f) => f.name),
        ['f1', 'f2', 'f3'],
      );
      assert.is(await tx.countEvents({}), 3);
      assert.equal(
        (await eventsOf(tx, { projects: ['p1'] })).map((e) => e.data),
        [{ n: 3 }, { n: 1 }],
      );
    });
    const warnings = lines.filter((l) => l['level'] === levelOf('warn')).map((l) => String(l['msg']));
    assert.is(warnings.length, 2, JSON.stringify(lines));
    assert.match(warnings[0]!, /journal\.jsonl: dropped a torn last line/);
    assert.match(warnings[1]!, /events\.jsonl: dropped .* interrupted commit/);
    assert.is((await stat(journal)).size, journalEnd, 'journal truncated to its complete lines');
    assert.is((await stat(events)).size, eventsSize, 'events truncated to the committed ones');
    // Writing goes on from there, and survives another reopen.
    await storage.write(async (tx) => {
      await tx.put('features', makeFeature('f4', 'p0'));
      await tx.appendEvent(makeEvent({ project: 'p0', data: { n: 4 } }));
    });
    await storage.close();
    const again = await lowdbStorage({ dir });
    assert.equal(
      (await again.read((tx) => eventsOf(tx, { limit: 10 }))).map((e) => e.id),
      [4, 3, 2, 1],
    );
    await again.close();
  } finally {
    await remove();
  }
});

/** The journal line of a commit after `threeCommits`, as the next batch would write it. */
const fourthCommit = (batch: number) =>
  `${JSON.stringify({ batch, commit: 4, events: null, eventsBytes: 0, sequences: {}, puts: [['features', makeFeature('f4', 'p0')]] })}\n`;

test('a batch torn with a hole (a sector of it never written) is dropped; the commits before survive', async () => {
  const { dir, remove } = await crashImage(threeCommits);
  try {
    const journal = join(dir, 'journal.jsonl');
    const { end } = await journalText(journal);
    // Batch 4..5: the sectors of commit 4's line stayed zeros, commit 5's line reached the disk.
    const fifth = fourthCommit(4).replace('"commit":4', '"commit":5').replace('"f4"', '"f5"');
    await writeAt(journal, end + 600, fifth);
    const logger = recordingLogger();
    const storage = await lowdbStorage({ dir, logger });
    try {
      assert.equal(
        (await storage.read((tx) => tx.list('features'))).map((f) => f.name),
        ['f1', 'f2', 'f3'],
      );
      assert.match(logger.warnings.join('\n'), /journal\.jsonl: dropped a torn last line/);
      assert.is((await stat(journal)).size, end, 'the torn batch is cut away');
      await storage.write((tx) => tx.put('features', makeFeature('f4', 'p0')));
    } finally {
      await storage.close();
    }
    const again = await lowdbStorage({ dir });
    assert.equal(
      (await again.read((tx) => tx.list('features'))).map((f) => f.name),
      ['f1', 'f2', 'f3', 'f4'],
    );
    await again.close();
  } finally {
    await remove();
  }
});

test('a journal without zeros after its lines (as written before preallocation) opens and is grown', async () => {
  const { dir, remove } = await crashImage(threeCommits);
  try {
    const journal = join(dir, 'journal.jsonl');
    const { text, end } = await journalText(journal);
    await writeFile(journal, text);
    const storage = await lowdbStorage({ dir });
    try {
      assert.equal(
        (await storage.read((tx) => tx.list('features'))).map((f) => f.name),
        ['f1', 'f2', 'f3'],
      );
      await storage.write((tx) => tx.put('features', makeFeature('f4', 'p0')));
      const grown = await journalText(journal);
      assert.ok(grown.size >= end + (1 << 20), `zeros ahead again (${grown.size} bytes)`);
      assert.is(grown.text.slice(0, end), text, 'the earlier lines are untouched');
    } finally {
      await storage.close();
    }
  } finally {
    await remove();
  }
});

test('a whole line after a damaged one that is not of the unfinished batch is corruption, not a torn batch', async () => {
  const { dir, remove } = await crashImage(threeCommits);
  try {
    const journal = join(dir, 'journal.jsonl');
    const { end } = await journalText(journal);
    // Commit 2 again, after a hole: an old line where the next batch should be.
    const old = (await journalText(journal)).text.split('\n')[1]!;
    await writeAt(journal, end + 600, `${old}\n`);
    await assertCorrupt(dir, 'journal.jsonl', /holds commit 2 after line 3 \(commit 3\) and a damaged line/);
    // A line of a later batch than the next one is damage too.
    await writeAt(journal, end + 600, fourthCommit(5).replace('"commit":4', '"commit":6'));
    await assertCorrupt(dir, 'journal.jsonl', /holds commit 6/);
  } finally {
    await remove();
  }
});

test('journal lines already folded into the snapshot are skipped (crash between snapshot and emptying)', async () => {
  const source = await tempDir();
  try {
    const storage = await lowdbStorage({ dir: source.dir });
    await threeCommits(storage);
    const journalBytes = await readFile(join(source.dir, 'journal.jsonl'));
    await storage.close(); // checkpoints: db.json covers commits 1..3, the journal is emptied
    await writeFile(join(source.dir, 'journal.jsonl'), journalBytes); // as if emptying it never happened
    const again = await lowdbStorage({ dir: source.dir });
    assert.equal(
      (await again.read((tx) => tx.list('features'))).map((f) => f.name),
      ['f1', 'f2', 'f3'],
    );
    await again.write((tx) => tx.put('features', makeFeature('f4')));
    await again.close();
    const third = await lowdbStorage({ dir: source.dir });
    assert.is((await third.read((tx) => tx.list('features'))).length, 4);
    await third.close();
  } finally {
    await source.remove();
  }
});

/** Opening must fail with a corrupt error naming `file`, and leave every file's bytes unchanged. */
async function assertCorrupt(dir: string, file: string, detail: RegExp): Promise<void> {
  const before = await snapshotOf(dir);
  const err = await rejects(lowdbStorage({ dir }));
  assert.instance(err, FlagadminStorageCorruptError);
  assert.is((err as FlagadminStorageCorruptError).file, join(dir, file));
  assert.ok((err as Error).message.startsWith(join(dir, file)), (err as Error).message);
  assert.match((err as Error).message, detail);
  assert.equal(await snapshotOf(dir), before, 'no file was changed');
  assert.not.ok(existsSync(join(dir, 'lock')), 'the lock was released');
  // Still refused the second time (nothing was "repaired").
  assert.instance(await rejects(lowdbStorage({ dir })), FlagadminStorageCorruptError);
}

test('a db.json that is not valid JSON is a clear error and stays as it is', async () => {
  const { dir, remove } = await tempDir();
  try {
    const storage = await lowdbStorage({ dir });
    await threeCommits(storage);
    await storage.close();
    const text = await readFile(join(dir, 'db.json'), 'utf8');
    await writeFile(join(dir, 'db.json'), text.slice(0, text.length / 2));
    await assertCorrupt(dir, 'db.json', /is not valid JSON/);
    await writeFile(join(dir, 'db.json'), '{"format":"something-else"}');
    await assertCorrupt(dir, 'db.json', /not a flagadmin snapshot/);
  } finally {
    await remove();
  }
});

test('a journal line in the middle that is not valid JSON is a clear error and stays as it is', async () => {
  const { dir, remove } = await crashImage(threeCommits);
  try {
    const journal = join(dir, 'journal.jsonl');
    const lines = (await readFile(journal, 'utf8')).split('\n');
    lines[1] = `${lines[1]!.slice(0, 20)}#${lines[1]!.slice(21)}`;
    await writeFile(journal, lines.join('\n'));
    await assertCorrupt(dir, 'journal.jsonl', /line 2 is not valid JSON/);
    // Valid JSON but out of order is refused too.
    const fixed = (await readFile(journal, 'utf8')).split('\n');
    fixed[1] = fixed[2]!;
    await writeFile(journal, fixed.join('\n'));
    await assertCorrupt(dir, 'journal.jsonl', /line 2 \(commit 3\) should be commit 2/);
  } finally {
    await remove();
  }
});

test('an event line that cannot be parsed, or committed events that are missing, are clear errors', async () => {
  // Checkpointed (at close): the event log is the only record of these events.
  const { dir, remove } = await crashImage(threeCommits, { checkpointBytes: 1, closeFirst: true });
  try {
    const events = join(dir, 'events.jsonl');
    const original = await readFile(events, 'utf8');
    const lines = original.split('\n');
    lines[1] = 'x'.repeat(lines[1]!.length);
    await writeFile(events, lines.join('\n'));
    await assertCorrupt(dir, 'events.jsonl', /line 2 is not valid JSON/);
    await writeFile(events, `${original.split('\n').slice(0, 1).join('\n')}\n`);
    await assertCorrupt(dir, 'events.jsonl', /bytes of events were committed/);
    const swapped = original.split('\n');
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    await writeFile(events, swapped.join('\n'));
    await assertCorrupt(dir, 'events.jsonl', /line 1 holds event 2/);
  } finally {
    await remove();
  }
});

test('events of commits after the last checkpoint that a crash lost or damaged are restored from the journal', async () => {
  // The event log is written through the page cache and fsynced at checkpoints: after a power loss its
  // tail may be missing or hold garbage, while the journal (written with O_DSYNC) holds every line.
  const damages: ((text: string) => string)[] = [
    (text) => `${text.split('\n').slice(0, 1).join('\n')}\n`,
    () => '',
    (text) => text.replace('"n":2', '"n":9'),
  ];
  for (const damage of damages) {
    const { dir, remove } = await crashImage(threeCommits);
    try {
      const events = join(dir, 'events.jsonl');
      const original = await readFile(events, 'utf8');
      await writeFile(events, damage(original));
      const logger = recordingLogger();
      const storage = await lowdbStorage({ dir, logger });
      try {
        await storage.read(async (tx) => {
          assert.equal(
            (await tx.list('features')).map((f) => f.name),
            ['f1', 'f2', 'f3'],
          );
          assert.equal(
            (await eventsOf(tx, { limit: 5 })).map((e) => (e.data as { n: number }).n),
            [3, 2, 1],
          );
        });
        assert.ok(
          logger.warnings.some((w) => /restored the events of 3 commit/.test(w)),
          JSON.stringify(logger.warnings),
        );
        assert.is(await readFile(events, 'utf8'), original, 'the event log holds exactly what was committed');
      } finally {
        await storage.close();
      }
    } finally {
      await remove();
    }
  }
});

/** Three commits, then one deleting f1 and f2's replacement put back with version 2, then one deleting f3. */
const withDeletes = async (storage: Storage) => {
  await threeCommits(storage);
  await storage.write(async (tx) => {
    await tx.delete('features', 'f1');
    await tx.delete('features', 'f2');
    await tx.put('features', makeFeature('f2', 'p0', { version: 2 }));
  });
  await storage.write((tx) => tx.delete('features', 'f3'));
};

test('deletes are journal entries: replayed at open when no checkpoint folded them in, and gone from the snapshot when one did', async () => {
  const expectState = async (dir: string, what: string) => {
    const storage = await lowdbStorage({ dir });
    try {
      await storage.read(async (tx) => {
        assert.equal(
          (await tx.list('features')).map((f) => `${f.name}@${f.version}`),
          ['f2@2'],
          what,
        );
        assert.equal(
          (await tx.list('features', { project: 'p1' })).map((f) => f.name),
          [],
          `${what}: the index`,
        );
        assert.is(await tx.countEvents({}), 3);
      });
    } finally {
      await storage.close();
    }
  };
  const replayed = await crashImage(withDeletes);
  try {
    const entries = (await journalText(join(replayed.dir, 'journal.jsonl'))).text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { deletes?: unknown; puts: unknown[] });
    assert.equal(
      entries.map((e) => e.deletes),
      [undefined, undefined, undefined, [['features', 'f1']], [['features', 'f3']]],
      'a commit without deletes writes no deletes field',
    );
    assert.is(entries[3]!.puts.length, 1, 'f2 is put back, not deleted');
    assert.not.ok(existsSync(join(replayed.dir, 'db.json')), 'no checkpoint: the journal alone holds the deletes');
    await expectState(replayed.dir, 'replayed from the journal');
    await expectState(replayed.dir, 'again, from the checkpoint written at close');
    const snapshot = await readFile(join(replayed.dir, 'db.json'), 'utf8');
    assert.not.ok(snapshot.includes('"name":"f1"') || snapshot.includes('"name":"f3"'), 'the snapshot no longer holds them');
  } finally {
    await replayed.remove();
  }
  const checkpointed = await crashImage(withDeletes, { checkpointBytes: 1, closeFirst: true });
  try {
    await expectState(checkpointed.dir, 'from a checkpoint');
  } finally {
    await checkpointed.remove();
  }
});

test('a journal entry whose deletes are malformed is corruption, not a torn line', async () => {
  const { dir, remove } = await crashImage(withDeletes);
  try {
    const journal = join(dir, 'journal.jsonl');
    const { text } = await journalText(journal);
    const lines = text.split('\n');
    lines[3] = lines[3]!.replace('"deletes":[["features","f1"]]', '"deletes":[["features",1]]');
    await writeFile(journal, `${lines.join('\n')}`);
    await assertCorrupt(dir, 'journal.jsonl', /line 4 is not a journal entry/);
  } finally {
    await remove();
  }
});

test.run();
