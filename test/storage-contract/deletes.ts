/** Deletes: a record removed under its key, seen by the same transaction, all-or-nothing, durable, indexed. */
import * as assert from 'uvu/assert';
import { COLLECTION_NAMES, type ReadTx, type Storage } from '@flagadmin/core';
import { makeClientApp, makeEvent, makeFeature, makeProject, oneOfEach, rejects } from '../helpers/records';
import { assertIndexesAgree, keyOf, type ContractContext } from './support';

/** What a transaction sees of the features: by key, listed, and listed by project. */
const features = async (tx: ReadTx) => ({
  f1: (await tx.get('features', 'f1'))?.version,
  f2: (await tx.get('features', 'f2'))?.version,
  all: (await tx.list('features')).map((f) => f.name),
  p1: (await tx.list('features', { project: 'p1' })).map((f) => f.name),
});

/** f1 and f2 in p1, version 1, committed. */
const twoFeatures = (storage: Storage) =>
  storage.write(async (tx) => {
    await tx.put('features', makeFeature('f1', 'p1'));
    await tx.put('features', makeFeature('f2', 'p1'));
  });

export function deleteCases({ test, withStorage, open }: ContractContext): void {
  test(
    'a delete is seen by the same transaction: get, list and list by project leave the record out',
    withStorage(async (storage) => {
      await twoFeatures(storage);
      const inside = await storage.write(async (tx) => {
        await tx.delete('features', 'f1');
        await tx.delete('features', 'never-there'); // nothing to remove: no error
        return features(tx);
      });
      assert.equal(inside, { f1: undefined, f2: 1, all: ['f2'], p1: ['f2'] });
      assert.equal(await storage.read(features), inside, 'committed as the transaction saw it');
      await assertIndexesAgree(storage);
    }),
  );

  test(
    'delete then put again in one transaction stores the new record; put then delete stores nothing',
    withStorage(async (storage) => {
      await twoFeatures(storage);
      const inside = await storage.write(async (tx) => {
        await tx.delete('features', 'f1');
        await tx.put('features', makeFeature('f1', 'p2', { version: 7 }));
        await tx.put('features', makeFeature('f3', 'p1'));
        await tx.delete('features', 'f3');
        return { ...(await features(tx)), f3: await tx.get('features', 'f3'), p2: (await tx.list('features', { project: 'p2' })).length };
      });
      assert.equal(inside, { f1: 7, f2: 1, all: ['f1', 'f2'], p1: ['f2'], f3: undefined, p2: 1 });
      await storage.read(async (tx) => {
        assert.equal(await tx.get('features', 'f1'), makeFeature('f1', 'p2', { version: 7 }));
        assert.is(await tx.get('features', 'f3'), undefined);
        assert.equal(
          (await tx.list('features', { project: 'p2' })).map((f) => f.name),
          ['f1'],
        );
      });
      await assertIndexesAgree(storage);
    }),
  );

  test(
    'a delete is rolled back with the rest of a write whose body throws',
    withStorage(async (storage) => {
      await twoFeatures(storage);
      const before = await storage.read(features);
      const boom = new Error('boom');
      const err = await rejects(
        storage.write(async (tx) => {
          await tx.delete('features', 'f1');
          await tx.put('features', makeFeature('f2', 'p1', { version: 2 }));
          await tx.appendEvent(makeEvent({ project: 'p1' }));
          throw boom;
        }),
      );
      assert.is(err, boom);
      assert.equal(await storage.read(features), before);
      assert.is(await storage.read((tx) => tx.countEvents({})), 0);
    }),
  );

  test(
    'every collection deletes by its key, and the project indexes (one project or several) drop the record',
    withStorage(async (storage) => {
      const records = oneOfEach('1');
      const kept = oneOfEach('2');
      await storage.write(async (tx) => {
        for (const c of COLLECTION_NAMES) {
          await tx.put(c, records[c]);
          await tx.put(c, kept[c]);
        }
        await tx.put('clientApps', makeClientApp('multi', ['m1', 'm2']));
      });
      await storage.write(async (tx) => {
        for (const c of COLLECTION_NAMES) await tx.delete(c, keyOf(c, records[c]));
        await tx.delete('clientApps', 'multi');
      });
      await storage.read(async (tx) => {
        for (const c of COLLECTION_NAMES) {
          assert.is(await tx.get(c, keyOf(c, records[c])), undefined, `${c} deleted`);
          assert.equal(await tx.list(c), [kept[c]], `${c} keeps the other record`);
        }
        assert.equal(await tx.list('clientApps', { project: 'm1' }), [], 'gone from every project it was filed under');
        assert.equal(await tx.list('clientApps', { project: 'm2' }), []);
      });
      await assertIndexesAgree(storage);
    }),
  );

  test(
    'a delete is seen by later transactions, and the key can be used again',
    withStorage(async (storage) => {
      await twoFeatures(storage);
      await storage.write((tx) => tx.delete('features', 'f1'));
      assert.equal(await storage.write(features), { f1: undefined, f2: 1, all: ['f2'], p1: ['f2'] }, 'the next write');
      assert.equal(await storage.read(features), { f1: undefined, f2: 1, all: ['f2'], p1: ['f2'] }, 'the next read');
      await storage.write((tx) => tx.put('features', makeFeature('f1', 'p1', { version: 3 })));
      assert.equal(await storage.read(features), { f1: 3, f2: 1, all: ['f1', 'f2'], p1: ['f1', 'f2'] });
      await assertIndexesAgree(storage);
    }),
  );

  test(
    'writes queued together (committed as one batch where the storage batches) see each other’s deletes in order',
    withStorage(async (storage) => {
      await twoFeatures(storage);
      const seen = await Promise.all([
        storage.write(async (tx) => tx.put('features', makeFeature('f1', 'p1', { version: 2 }))),
        storage.write(async (tx) => tx.delete('features', 'f1')),
        storage.write(features),
        storage.write(async (tx) => tx.put('features', makeFeature('f1', 'p2', { version: 4 }))),
        storage.write(features),
        storage.write(async (tx) => tx.delete('features', 'f2')),
        storage.write(features),
      ]);
      assert.equal(seen[2], { f1: undefined, f2: 1, all: ['f2'], p1: ['f2'] }, 'a pending delete hides the pending put before it');
      assert.equal(seen[4], { f1: 4, f2: 1, all: ['f1', 'f2'], p1: ['f2'] });
      assert.equal(seen[6], { f1: 4, f2: undefined, all: ['f1'], p1: [] });
      assert.equal(await storage.read(features), seen[6]);
      await assertIndexesAgree(storage);
    }),
  );

  test(
    'a read transaction open while a delete commits still sees the record',
    withStorage(async (storage) => {
      await twoFeatures(storage);
      await storage.write((tx) => tx.put('clientApps', makeClientApp('app', ['p1', 'p2'])));
      const look = async (tx: ReadTx) => ({
        ...(await features(tx)),
        app: (await tx.list('clientApps', { project: 'p2' })).map((a) => a.appName),
      });
      const { before, during } = await storage.read(async (tx) => {
        const before = await look(tx);
        await storage.write(async (w) => {
          await w.delete('features', 'f1');
          await w.delete('clientApps', 'app');
        });
        return { before, during: await look(tx) };
      });
      assert.equal(before, { f1: 1, f2: 1, all: ['f1', 'f2'], p1: ['f1', 'f2'], app: ['app'] });
      assert.equal(during, before, 'the open read keeps its snapshot');
      assert.equal(await storage.read(look), { f1: undefined, f2: 1, all: ['f2'], p1: ['f2'], app: [] }, 'a new read sees the delete');
    }),
  );

  test('a delete survives close and reopen (when the adapter persists)', async () => {
    const opened = await open();
    try {
      if (!opened.reopen) return;
      const { storage } = opened;
      await twoFeatures(storage);
      await storage.write(async (tx) => {
        await tx.put('projects', makeProject('gone'));
        await tx.put('clientApps', makeClientApp('app', ['p1', 'p2']));
      });
      await storage.write(async (tx) => {
        await tx.delete('features', 'f1');
        await tx.delete('projects', 'gone');
        await tx.delete('clientApps', 'app');
      });
      await storage.close();
      const again = await opened.reopen();
      assert.equal(await again.read(features), { f1: undefined, f2: 1, all: ['f2'], p1: ['f2'] });
      assert.is(await again.read((tx) => tx.get('projects', 'gone')), undefined);
      assert.equal(await again.read((tx) => tx.list('clientApps', { project: 'p2' })), []);
      await assertIndexesAgree(again);
      // The name is free again, and a second delete after reopen lasts too.
      await again.write(async (tx) => {
        await tx.put('features', makeFeature('f1', 'p1', { version: 5 }));
        await tx.delete('features', 'f2');
      });
      await again.close();
      const third = await opened.reopen();
      assert.equal(await third.read(features), { f1: 5, f2: undefined, all: ['f1'], p1: ['f1'] });
    } finally {
      await opened.cleanup();
    }
  });
}
