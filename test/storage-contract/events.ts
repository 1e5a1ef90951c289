/** Events: ids assigned at commit, gap-free, in commit order; queries through indexes. */
import * as assert from 'uvu/assert';
import type { NewEvent } from '@flagadmin/core';
import { eventsOf, makeEvent, makeProject, rejects } from '../helpers/records';
import { allEventIds, appendEach, assertEventsAgree, oneTo, variedEvents, withIds, type ContractContext } from './support';

export function eventCases({ test, withStorage }: ContractContext): void {
  test(
    'event ids are increasing integers assigned at commit, in commit order, without gaps',
    withStorage(async (storage) => {
      const order: number[] = [];
      const writes = Array.from({ length: 20 }, (_, i) =>
        storage.write(async (tx) => {
          // Events carrying an id of their own still get the storage's id.
          await tx.appendEvent({ ...makeEvent({ data: { writer: i, k: 0 } }), id: 1000 + i } as NewEvent);
          if (i % 3 === 0) await tx.appendEvent(makeEvent({ data: { writer: i, k: 1 } }));
          await new Promise((r) => setTimeout(r, (i * 7) % 5));
          if (i % 5 === 4) throw new Error(`writer ${i} fails`);
          order.push(i);
        }),
      );
      const settled = await Promise.allSettled(writes);
      assert.is(settled.filter((s) => s.status === 'rejected').length, 4);
      const all = (await storage.read((tx) => eventsOf(tx, { limit: 1000 }))).reverse();
      assert.equal(
        all.map((e) => e.id),
        all.map((_, i) => i + 1),
        'ids 1..n',
      );
      const writers = all.map((e) => (e.data as { writer: number }).writer);
      const expected = order.flatMap((i) => (i % 3 === 0 ? [i, i] : [i]));
      assert.equal(writers, expected, 'ids follow commit order');
      // Ids continue after the last one.
      await storage.write((tx) => tx.appendEvent(makeEvent()));
      assert.is((await storage.read((tx) => eventsOf(tx, { limit: 1 })))[0]!.id, all.length + 1);
    }),
  );

  test(
    'in a write, countEvents({}) is the id of the last event before it and its own events get the next ids in order (also for concurrent writes)',
    withStorage(async (storage) => {
      await appendEach(storage, variedEvents(5));
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          storage.write(async (tx) => {
            const last = await tx.countEvents({});
            const n = 1 + (i % 3);
            for (let k = 0; k < n; k++) await tx.appendEvent(makeEvent({ data: { writer: i, k } }));
            return { writer: i, ids: Array.from({ length: n }, (_, k) => last + 1 + k) };
          }),
        ),
      );
      const stored = await storage.read((tx) => eventsOf(tx, { limit: 1000 }));
      for (const { writer, ids } of claims) {
        const mine = stored
          .filter((e) => (e.data as { writer?: number } | null)?.writer === writer)
          .map((e) => e.id)
          .sort((a, b) => a - b);
        assert.equal(mine, ids, `writer ${writer}`);
      }
    }),
  );

  test(
    'events and countEvents agree with a full scan',
    withStorage(async (storage) => {
      const events = variedEvents(60);
      await appendEach(storage, events.slice(0, 40));
      // Several events in one commit too.
      await storage.write(async (tx) => {
        for (const e of events.slice(40)) await tx.appendEvent(e);
      });
      await assertEventsAgree(storage, withIds(events));
      // Reads inside a write transaction see the committed events.
      await storage.write(async (tx) => {
        assert.is(await tx.countEvents({}), 60);
        assert.is((await eventsOf(tx, { limit: 1 }))[0]!.id, 60);
        await tx.put('projects', makeProject('x'));
      });
    }),
  );

  test(
    'a failed write consumes no event id, whenever it fails',
    withStorage(async (storage) => {
      await storage.write((tx) => tx.appendEvent(makeEvent({ data: { n: 1 } })));
      await rejects(
        storage.write(async (tx) => {
          await tx.appendEvent(makeEvent({ data: { n: 'lost' } }));
          await tx.appendEvent(makeEvent({ data: { n: 'lost' } }));
          throw new Error('fails after appending');
        }),
      );
      await storage.write((tx) => tx.appendEvent(makeEvent({ data: { n: 2 } })));
      assert.equal(await allEventIds(storage), [1, 2]);
      // Failures queued between successful writers (each waits for the one before it).
      const writes = Array.from({ length: 12 }, (_, i) =>
        storage.write(async (tx) => {
          await tx.appendEvent(makeEvent({ data: { n: 3 + i } }));
          if (i % 3 === 1) throw new Error(`writer ${i} fails`);
        }),
      );
      const settled = await Promise.allSettled(writes);
      assert.equal(
        settled.map((s) => s.status === 'fulfilled'),
        Array.from({ length: 12 }, (_, i) => i % 3 !== 1),
      );
      const ids = await allEventIds(storage);
      assert.equal(ids, oneTo(10), 'ids 1..10, no hole where the failed writes were');
      const data = (await storage.read((tx) => eventsOf(tx, {}))).map((e) => (e.data as { n: number }).n).reverse();
      assert.equal(data, [1, 2, ...Array.from({ length: 12 }, (_, i) => 3 + i).filter((_, i) => i % 3 !== 1)]);
    }),
  );
}
