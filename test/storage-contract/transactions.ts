/** Transactions: all-or-nothing writes, serialized writes, isolated reads, the revision. */
import * as assert from 'uvu/assert';
import { eventsOf, makeEvent, makeFeature, makeProject, makeProjectStats, rejects } from '../helpers/records';
import type { ContractContext } from './support';

export function transactionCases({ test, withStorage }: ContractContext): void {
  test(
    'ready(), when the storage has it, resolves while writes succeed, and a failed transaction body does not make it reject',
    withStorage(async (storage) => {
      if (!storage.ready) return; // optional: such a storage is ready whenever a read answers
      await storage.ready();
      await storage.write(async (tx) => tx.put('projects', makeProject('ready')));
      await rejects(storage.write(async () => Promise.reject(new Error('refused by the body'))));
      await storage.ready();
    }),
  );

  test(
    'the revision changes with every committed write, and only then',
    withStorage(async (storage) => {
      const revision = () => storage.read((tx) => tx.revision());
      const r0 = await revision();
      await storage.read((tx) => tx.list('projects'));
      assert.is(await revision(), r0, 'a read changes nothing');
      await storage.write(async (tx) => tx.put('projects', makeProject('rev')));
      const r1 = await revision();
      assert.is.not(r1, r0, 'a commit changes it');
      await rejects(
        storage.write(async (tx) => {
          await tx.put('projects', makeProject('rolled-back'));
          throw new Error('no');
        }),
      );
      assert.is(await revision(), r1, 'a rolled-back write does not');
      await storage.write(async (tx) => tx.appendEvent(makeEvent({ project: 'rev' })));
      assert.is.not(await revision(), r1, 'an event is a change too');
    }),
  );

  test(
    'a write transaction that throws rolls back puts, events and sequences; the error reaches the caller',
    withStorage(async (storage) => {
      await storage.write(async (tx) => {
        await tx.put('features', makeFeature('keep', 'p1'));
        await tx.appendEvent(makeEvent());
        assert.is(await tx.nextSequence('apiKey'), 1);
      });
      const boom = new Error('boom');
      const err = await rejects(
        storage.write(async (tx) => {
          await tx.put('features', makeFeature('keep', 'p2', { version: 99 }));
          await tx.put('features', makeFeature('new', 'p1'));
          await tx.put('projects', makeProject('p1'));
          await tx.appendEvent(makeEvent({ type: 'should-vanish' }));
          await tx.appendEvent(makeEvent({ type: 'should-vanish' }));
          await tx.nextSequence('apiKey');
          await tx.nextSequence('change');
          throw boom;
        }),
      );
      assert.is(err, boom, 'the very error');
      await storage.read(async (tx) => {
        assert.equal(await tx.get('features', 'keep'), makeFeature('keep', 'p1'));
        assert.is(await tx.get('features', 'new'), undefined);
        assert.is(await tx.get('projects', 'p1'), undefined);
        assert.equal((await tx.list('features', { project: 'p2' })).length, 0);
        assert.is(await tx.countEvents({}), 1);
        assert.is((await eventsOf(tx, { limit: 10 }))[0]!.type, 'feature-updated');
      });
      await storage.write(async (tx) => {
        assert.is(await tx.nextSequence('apiKey'), 2, 'apiKey sequence rolled back');
        assert.is(await tx.nextSequence('change'), 1, 'change sequence rolled back');
        await tx.appendEvent(makeEvent({ type: 'next' }));
      });
      const latest = await storage.read((tx) => eventsOf(tx, { limit: 1 }));
      assert.is(latest[0]!.id, 2, 'no id was used by the failed transaction');
      // A rejected promise from inside works the same, and the storage keeps working.
      await rejects(storage.write(() => Promise.reject(new TypeError('nope'))));
      await storage.write((tx) => tx.put('features', makeFeature('after', 'p1')));
      assert.ok(await storage.read((tx) => tx.get('features', 'after')));
    }),
  );

  test(
    'a transaction sees its own puts; concurrent readers do not until commit',
    withStorage(async (storage) => {
      await storage.write((tx) => tx.put('features', makeFeature('a', 'p1')));
      let seenInside: unknown;
      const result = await storage.write(async (tx) => {
        await tx.put('features', makeFeature('b', 'p1'));
        await tx.put('features', makeFeature('a', 'p1', { version: 2 }));
        assert.is((await tx.get('features', 'a'))!.version, 2);
        assert.ok(await tx.get('features', 'b'));
        assert.equal(
          (await tx.list('features')).map((f) => f.name),
          ['a', 'b'],
        );
        assert.equal(
          (await tx.list('features', { project: 'p1' })).map((f) => f.name),
          ['a', 'b'],
        );
        // A reader running now sees only committed state.
        seenInside = await storage.read(async (r) => ({
          a: (await r.get('features', 'a'))?.version,
          b: await r.get('features', 'b'),
          list: (await r.list('features', { project: 'p1' })).map((f) => f.name),
        }));
        return 'result';
      });
      assert.is(result, 'result', 'write resolves to what fn returned');
      assert.equal(seenInside, { a: 1, b: undefined, list: ['a'] });
      await storage.read(async (tx) => {
        assert.is((await tx.get('features', 'a'))!.version, 2);
        assert.ok(await tx.get('features', 'b'));
      });
    }),
  );

  test(
    '200 concurrent read-modify-write transactions lose nothing',
    withStorage(async (storage) => {
      await storage.write((tx) => tx.put('projectStats', makeProjectStats('p1')));
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          storage.write(async (tx) => {
            const stats = (await tx.get('projectStats', 'p1'))!;
            await new Promise((r) => setImmediate(r));
            stats.featureCount += 1;
            await tx.put('projectStats', stats);
            await tx.appendEvent(makeEvent({ project: 'p1', data: { i } }));
          }),
        ),
      );
      assert.is((await storage.read((tx) => tx.get('projectStats', 'p1')))!.featureCount, 200);
      assert.is(await storage.read((tx) => tx.countEvents({ projects: ['p1'] })), 200);
    }),
  );

  test(
    'a read transaction answers from one snapshot while a write commits',
    withStorage(async (storage) => {
      await storage.write(async (tx) => {
        await tx.put('features', makeFeature('a', 'p1'));
        await tx.put('features', makeFeature('moves', 'p1'));
        await tx.appendEvent(makeEvent({ project: 'p1' }));
      });
      const look = async (tx: Parameters<Parameters<typeof storage.read>[0]>[0]) => ({
        revision: await tx.revision(),
        a: (await tx.get('features', 'a'))?.version,
        b: await tx.get('features', 'b'),
        all: (await tx.list('features')).map((f) => `${f.name}@${f.project}`),
        p1: (await tx.list('features', { project: 'p1' })).map((f) => f.name),
        p2: (await tx.list('features', { project: 'p2' })).map((f) => f.name),
        events: (await eventsOf(tx, {})).map((e) => e.id),
        ofP1: (await eventsOf(tx, { projects: ['p1'] })).map((e) => e.id),
        latest: (await eventsOf(tx, { limit: 1 })).map((e) => e.id),
        count: await tx.countEvents({}),
        countP1: await tx.countEvents({ projects: ['p1'] }),
      });
      const { before, during } = await storage.read(async (tx) => {
        const before = await look(tx);
        // A write starts, commits and resolves while this read is open.
        await storage.write(async (w) => {
          await w.put('features', makeFeature('a', 'p1', { version: 2 }));
          await w.put('features', makeFeature('b', 'p1'));
          await w.put('features', makeFeature('moves', 'p2'));
          await w.appendEvent(makeEvent({ project: 'p1' }));
          await w.appendEvent(makeEvent({ project: null }));
        });
        return { before, during: await look(tx) };
      });
      assert.equal(before, {
        revision: before.revision,
        a: 1,
        b: undefined,
        all: ['a@p1', 'moves@p1'],
        p1: ['a', 'moves'],
        p2: [],
        events: [1],
        ofP1: [1],
        latest: [1],
        count: 1,
        countP1: 1,
      });
      assert.equal(during, before, 'the open read still sees the state it began with');
      const after = await storage.read(look);
      assert.equal(after.a, 2, 'a new read sees the commit');
      assert.equal(after.p1, ['a', 'b']);
      assert.equal(after.p2, ['moves']);
      assert.equal(after.events, [3, 2, 1]);
      assert.is(after.countP1, 2);
      assert.is.not(after.revision, before.revision);
    }),
  );

  test(
    'the revision read in a read transaction keys the data read in it',
    withStorage(async (storage) => {
      await storage.write((tx) => tx.put('projects', makeProject('p', { description: 'v0' })));
      // Reads run while writes commit one after another: each read's revision names exactly one description.
      const seen = new Map<number, Set<string>>();
      const reads: Promise<void>[] = [];
      for (let i = 1; i <= 20; i++) {
        reads.push(
          storage.read(async (tx) => {
            const revision = await tx.revision();
            await new Promise((r) => setImmediate(r));
            const description = (await tx.get('projects', 'p'))!.description;
            let set = seen.get(revision);
            if (!set) seen.set(revision, (set = new Set()));
            set.add(description);
          }),
        );
        await storage.write((tx) => tx.put('projects', makeProject('p', { description: `v${i}` })));
      }
      await Promise.all(reads);
      for (const [revision, descriptions] of seen) assert.is(descriptions.size, 1, `revision ${revision}: ${[...descriptions]}`);
    }),
  );
}
