/** Indexes: `list(collection, { project })` agrees with a full scan, also after records move. */
import * as assert from 'uvu/assert';
import { makeChangeRequest, makeClientApp, makeFeature } from '../helpers/records';
import { assertIndexesAgree, type ContractContext } from './support';

export function indexCases({ test, withStorage }: ContractContext): void {
  test(
    'list by project uses the index and agrees with a full scan, also after moves',
    withStorage(async (storage) => {
      await storage.write(async (tx) => {
        for (let i = 0; i < 30; i++) await tx.put('features', makeFeature(`f${String(i).padStart(2, '0')}`, `p${i % 4}`));
        for (let i = 1; i <= 6; i++) await tx.put('changeRequests', makeChangeRequest(i, `p${i % 3}`));
        await tx.put('clientApps', makeClientApp('a1', ['p0', 'p1', 'p2']));
        await tx.put('clientApps', makeClientApp('a2', ['p1']));
        await tx.put('clientApps', makeClientApp('a3', []));
      });
      await assertIndexesAgree(storage);
      assert.equal(
        (await storage.read((tx) => tx.list('features', { project: 'p1' }))).map((f) => f.name),
        ['f01', 'f05', 'f09', 'f13', 'f17', 'f21', 'f25', 'f29'],
      );
      // Move records between projects (committed), and change an app's projects.
      await storage.write(async (tx) => {
        await tx.put('features', makeFeature('f01', 'p3'));
        await tx.put('features', makeFeature('f05', 'brand-new'));
        await tx.put('changeRequests', makeChangeRequest(1, 'p0'));
        await tx.put('clientApps', makeClientApp('a1', ['p2', 'p9']));
        await tx.put('clientApps', makeClientApp('a3', ['p1']));
      });
      await assertIndexesAgree(storage);
      await storage.read(async (tx) => {
        assert.not.ok((await tx.list('features', { project: 'p1' })).some((f) => f.name === 'f01' || f.name === 'f05'));
        assert.equal(
          (await tx.list('features', { project: 'brand-new' })).map((f) => f.name),
          ['f05'],
        );
        assert.equal(
          (await tx.list('clientApps', { project: 'p1' })).map((a) => a.appName),
          ['a2', 'a3'],
        );
        assert.equal(
          (await tx.list('clientApps', { project: 'p0' })).map((a) => a.appName),
          [],
        );
        assert.equal(
          (await tx.list('clientApps', { project: 'p9' })).map((a) => a.appName),
          ['a1'],
        );
      });
      // Moves inside a transaction are seen by that transaction's own lists.
      await storage.write(async (tx) => {
        await tx.put('features', makeFeature('f00', 'p1'));
        assert.ok((await tx.list('features', { project: 'p1' })).some((f) => f.name === 'f00'));
        assert.not.ok((await tx.list('features', { project: 'p0' })).some((f) => f.name === 'f00'));
      });
      await assertIndexesAgree(storage);
    }),
  );
}
