import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ProjectStatsRecord } from '@flagadmin/core';
import { MemoryEngine, MemoryEventStore, type ChangeSet } from '@flagadmin/storage-memory/engine';
import { eventsOf } from '../../../test/helpers/records';

const stats = (project: string, featureCount: number): ProjectStatsRecord => ({
  project,
  featureCount,
  staleFeatureCount: 0,
  freshCreatedAt: {},
  productionDaysSum: 0,
  productionCount: 0,
  lastEventAt: null,
});

/** An engine whose commits take a tick and are recorded (or fail when told). */
function engine() {
  const batches: number[] = [];
  const control = { fail: false, gate: Promise.resolve() };
  const e = new MemoryEngine(new MemoryEventStore(), undefined, async (batch: readonly ChangeSet[]) => {
    await control.gate;
    await new Promise((r) => setTimeout(r, 2));
    if (control.fail) throw new Error('disk full');
    batches.push(batch.length);
  });
  return { e, batches, control };
}

const increment = (e: MemoryEngine, withEvent = true) =>
  e.write(async (tx) => {
    const current = (await tx.get('projectStats', 'p'))?.featureCount ?? 0;
    await tx.put('projectStats', stats('p', current + 1));
    if (withEvent) {
      await tx.appendEvent({
        createdAt: '',
        type: 't',
        createdBy: 'x',
        createdByUserId: null,
        environment: null,
        project: 'p',
        featureName: null,
        data: { n: current + 1 },
        preData: null,
        tags: [],
      });
    }
    return current + 1;
  });

test('concurrent writes share commits, see each other in order, and lose nothing', async () => {
  const { e, batches } = engine();
  const results = await Promise.all(Array.from({ length: 100 }, () => increment(e)));
  assert.equal(
    results,
    Array.from({ length: 100 }, (_, i) => i + 1),
    'each transaction saw every earlier one',
  );
  assert.is(await e.read(async (tx) => (await tx.get('projectStats', 'p'))!.featureCount), 100);
  assert.is(
    batches.reduce((a, b) => a + b, 0),
    100,
  );
  assert.ok(batches.length < 100 / 2, `group commit: ${batches.length} commits for 100 writes`);
  const events = await e.read((tx) => eventsOf(tx, { limit: 200 }));
  assert.equal(
    events.map((ev) => ev.id),
    Array.from({ length: 100 }, (_, i) => 100 - i),
    'ids increase without gaps in commit order',
  );
  assert.equal(
    events.map((ev) => (ev.data as { n: number }).n),
    Array.from({ length: 100 }, (_, i) => 100 - i),
  );
});

test('reads see a write only once it is durable', async () => {
  const { e, control } = engine();
  let open!: () => void;
  control.gate = new Promise((r) => (open = r));
  const writing = increment(e);
  await new Promise((r) => setTimeout(r, 5));
  assert.is(await e.read((tx) => tx.get('projectStats', 'p')), undefined, 'not durable yet: not visible');
  assert.is(await e.read((tx) => tx.countEvents({})), 0);
  open();
  await writing;
  assert.is((await e.read((tx) => tx.get('projectStats', 'p')))!.featureCount, 1);
});

test('a pending delete hides the older pending puts of its key from the writes after it, and goes out in its change set', async () => {
  const batches: ChangeSet[][] = [];
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let lastBodyRan!: () => void;
  const lastBody = new Promise<void>((r) => (lastBodyRan = r));
  const e = new MemoryEngine(new MemoryEventStore(), undefined, async (batch) => {
    await gate;
    batches.push([...batch]);
  });
  await e.idle();
  // The commit of the first write waits at the gate: the next writes prepare on top of it, still pending.
  const writes = [
    e.write((tx) => tx.put('projectStats', stats('p', 1))),
    e.write((tx) => tx.put('projectStats', stats('p', 2))),
    e.write((tx) => tx.delete('projectStats', 'p')),
    e.write(async (tx) => ({ get: await tx.get('projectStats', 'p'), list: await tx.list('projectStats') })),
    e.write((tx) => tx.put('projectStats', stats('p', 3))),
    e.write(async (tx) => {
      const seen = (await tx.get('projectStats', 'p'))?.featureCount;
      lastBodyRan();
      return seen;
    }),
  ];
  await lastBody; // every body has run (they run in order) while the first commit still waits
  assert.is(batches.length, 0, 'nothing durable yet');
  open();
  const results = await Promise.all(writes);
  assert.equal(results[3], { get: undefined, list: [] }, 'the delete shadows both pending puts');
  assert.is(results[5], 3, 'a put after the delete is seen again');
  const all = batches.flat();
  assert.equal(
    all.map((c) => [c.puts.map((p) => p.key), c.deletes.map((d) => `${d.collection}/${d.key}`)]),
    [
      [['p'], []],
      [['p'], []],
      [[], ['projectStats/p']],
      [['p'], []],
    ],
    'the delete is its own entry; writes that only read commit nothing',
  );
  assert.is((await e.read((tx) => tx.get('projectStats', 'p')))!.featureCount, 3);
});

test('a failed commit rejects its batch and everything prepared on top of it; nothing of them applies', async () => {
  const { e, control } = engine();
  await increment(e);
  control.fail = true;
  const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => increment(e)));
  assert.ok(outcomes.every((o) => o.status === 'rejected' && (o.reason as Error).message === 'disk full'));
  assert.is((await e.read((tx) => tx.get('projectStats', 'p')))!.featureCount, 1);
  assert.is(await e.read((tx) => tx.countEvents({})), 1);
  control.fail = false;
  assert.is(await increment(e), 2, 'later writes start from the durable state');
  const events = await e.read((tx) => eventsOf(tx, { limit: 10 }));
  assert.equal(
    events.map((ev) => ev.id),
    [2, 1],
    'no id is lost to the failed batch',
  );
});

test('a failed commit replaces the collection versions: what a cache derived from the dropped changes is never served', async () => {
  const { e, control } = engine();
  const version = () => e.write(async (tx) => tx.collectionVersion?.('projectStats'));
  await increment(e);
  const durable = await version();
  control.fail = true;
  let seenPending: object | undefined;
  const failing = increment(e).catch(() => undefined);
  // Prepared on top of the failing change set, this write sees it (and its version) while the commit runs.
  const onTop = e.write(async (tx) => (seenPending = tx.collectionVersion?.('projectStats'))).catch(() => undefined);
  await Promise.all([failing, onTop]);
  control.fail = false;
  const after = await version();
  assert.ok(durable && seenPending && after);
  assert.is.not(seenPending, durable, 'the pending put replaced it');
  assert.is.not(after, seenPending, 'the dropped change set took its version with it');
  assert.is((await e.read((tx) => tx.get('projectStats', 'p')))!.featureCount, 1);
});

test('exclusive work runs with nothing pending, and writes queued meanwhile wait', async () => {
  const { e } = engine();
  const writes = Array.from({ length: 10 }, () => increment(e));
  const seen = await e.exclusive(async () => e.read(async (tx) => (await tx.get('projectStats', 'p'))!.featureCount));
  assert.is(seen, 10);
  await Promise.all(writes);
  await e.idle();
});

test('a transaction that throws changes nothing and does not block the next', async () => {
  const { e } = engine();
  const failing = e.write(async (tx) => {
    await tx.put('projectStats', stats('p', 99));
    throw new Error('no');
  });
  let message = '';
  await failing.catch((err: Error) => (message = err.message));
  assert.is(message, 'no');
  assert.is(await increment(e, false), 1);
});

test.run();
