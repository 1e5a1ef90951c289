/** Sequences: per name, from 1, gap-free, rolled back with a failed write. */
import * as assert from 'uvu/assert';
import { rejects } from '../helpers/records';
import type { ContractContext } from './support';

export function sequenceCases({ test, withStorage }: ContractContext): void {
  test(
    'sequences increase per name and roll back with a failed transaction',
    withStorage(async (storage) => {
      const got = await storage.write(async (tx) => [
        await tx.nextSequence('apiKey'),
        await tx.nextSequence('apiKey'),
        await tx.nextSequence('changeRequest'),
      ]);
      assert.equal(got, [1, 2, 1]);
      await rejects(
        storage.write(async (tx) => {
          assert.is(await tx.nextSequence('apiKey'), 3);
          throw new Error('roll back');
        }),
      );
      const next = await storage.write(async (tx) => [
        await tx.nextSequence('apiKey'),
        await tx.nextSequence('change'),
        await tx.nextSequence('changeRequest'),
      ]);
      assert.equal(next, [3, 1, 2]);
      const concurrent = await Promise.all(Array.from({ length: 10 }, () => storage.write((tx) => tx.nextSequence('change'))));
      assert.equal(
        [...concurrent].sort((a, b) => a - b),
        [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      );
    }),
  );

  test(
    'a failed write between queued writes leaves no hole in a sequence',
    withStorage(async (storage) => {
      const writes = Array.from({ length: 9 }, (_, i) =>
        storage.write(async (tx) => {
          const value = await tx.nextSequence('changeRequest');
          await tx.nextSequence('change');
          if (i % 4 === 2) throw new Error(`writer ${i} fails`);
          return value;
        }),
      );
      const settled = await Promise.allSettled(writes);
      const values = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      assert.equal(values, [1, 2, 3, 4, 5, 6, 7], 'the values of the writes that committed, in order, without holes');
      assert.equal(await storage.write(async (tx) => [await tx.nextSequence('changeRequest'), await tx.nextSequence('change')]), [8, 8]);
    }),
  );
}
