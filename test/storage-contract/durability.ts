/** Durability: close lets queued writes finish; a storage that persists gives everything back. */
import * as assert from 'uvu/assert';
import { COLLECTION_NAMES, type Storage } from '@flagadmin/core';
import { eventsOf, makeClientApp, makeEvent, makeFeature, makeProject, oneOfEach, rejects } from '../helpers/records';
import { appendEach, assertEventsAgree, assertIndexesAgree, variedEvents, withIds, type ContractContext } from './support';

export function durabilityCases({ test, withStorage, open }: ContractContext): void {
  test(
    'close() is idempotent and lets queued writes finish',
    withStorage(async (storage) => {
      const pending = storage.write(async (tx) => {
        await new Promise((r) => setTimeout(r, 20));
        await tx.put('projects', makeProject('late'));
        return 'done';
      });
      const first = storage.close();
      const second = storage.close();
      assert.is(await pending, 'done');
      await first;
      await second;
      await storage.close();
    }),
  );

  test('everything survives close and reopen (when the adapter persists)', async () => {
    const opened = await open();
    if (!opened.reopen) {
      await opened.cleanup();
      return;
    }
    try {
      const { storage } = opened;
      const records = oneOfEach('1');
      const events = variedEvents(25);
      await storage.write(async (tx) => {
        for (const c of COLLECTION_NAMES) await tx.put(c, records[c]);
        for (let i = 0; i < 10; i++) await tx.put('features', makeFeature(`g${i}`, `p${i % 3}`));
        await tx.put('clientApps', makeClientApp('multi', ['p0', 'p2']));
        await tx.nextSequence('apiKey');
        await tx.nextSequence('apiKey');
        await tx.nextSequence('change');
      });
      await storage.write((tx) => tx.put('features', makeFeature('g1', 'p2', { version: 5 }))); // a move
      await appendEach(storage, events);
      await rejects(storage.write(async (tx) => (await tx.nextSequence('apiKey'), Promise.reject(new Error('x')))));
      const snapshot = async (s: Storage) =>
        s.read(async (tx) => {
          const out: Record<string, unknown> = {};
          for (const c of COLLECTION_NAMES) out[c] = await tx.list(c);
          return out;
        });
      const before = await snapshot(storage);
      await storage.close();

      const again = await opened.reopen();
      assert.equal(await snapshot(again), before, 'records');
      await assertIndexesAgree(again);
      assert.equal(
        (await again.read((tx) => tx.list('features', { project: 'p2' }))).map((f) => f.name),
        ['g1', 'g2', 'g5', 'g8'],
      );
      await assertEventsAgree(again, withIds(events));
      const seq = await again.write(async (tx) => [
        await tx.nextSequence('apiKey'),
        await tx.nextSequence('change'),
        await tx.nextSequence('changeRequest'),
      ]);
      assert.equal(seq, [3, 2, 1], 'sequences');
      await again.write((tx) => tx.appendEvent(makeEvent({ project: 'alpha' })));
      assert.is((await again.read((tx) => eventsOf(tx, { limit: 1 })))[0]!.id, 26, 'event ids continue');
      await again.close();

      // And a second round trip, after writes made by the reopened storage.
      const third = await opened.reopen();
      await assertEventsAgree(third, [...withIds(events), { id: 26, ...makeEvent({ project: 'alpha' }) }]);
      assert.is(await third.write((tx) => tx.nextSequence('apiKey')), 4);
    } finally {
      await opened.cleanup();
    }
  });
}
