/**
 * ReadTx.collectionVersion (optional): the same token while a collection's records are the same as the
 * transaction sees them, a new one after any change to them, none for a collection the transaction
 * changed itself. A storage that offers none is not checked here.
 */
import * as assert from 'uvu/assert';
import type { CollectionName, Storage, WriteTx } from '@flagadmin/core';
import { makeEnvironment, makeFeature } from '../helpers/records';
import type { ContractContext } from './support';

const versionIn = (storage: Storage, collection: CollectionName): Promise<object | undefined> =>
  storage.write(async (tx) => tx.collectionVersion?.(collection));

const offers = (storage: Storage): Promise<boolean> => storage.write(async (tx) => typeof tx.collectionVersion === 'function');

export function collectionVersionCases({ test, withStorage }: ContractContext): void {
  test(
    'a version stays while the collection is unchanged and is replaced by a put or a delete in it',
    withStorage(async (storage) => {
      if (!(await offers(storage))) return;
      const first = await versionIn(storage, 'environments');
      assert.ok(first, 'a write transaction gets a version');
      assert.is(await versionIn(storage, 'environments'), first, 'nothing changed');
      await storage.write((tx) => tx.put('features', makeFeature('other-collection')));
      assert.is(await versionIn(storage, 'environments'), first, 'a put elsewhere changes nothing here');
      const featuresBefore = await versionIn(storage, 'features');
      await storage.write((tx) => tx.put('environments', makeEnvironment('staging')));
      const afterPut = await versionIn(storage, 'environments');
      assert.ok(afterPut && afterPut !== first, 'a put replaces it');
      assert.is(await versionIn(storage, 'features'), featuresBefore, "another collection's version stays");
      await storage.write((tx) => tx.delete('environments', 'staging'));
      const afterDelete = await versionIn(storage, 'environments');
      assert.ok(afterDelete && afterDelete !== afterPut && afterDelete !== first, 'a delete replaces it, never giving an old one back');
    }),
  );

  test(
    'none for a collection the transaction changed itself; a transaction that failed changes nothing',
    withStorage(async (storage) => {
      if (!(await offers(storage))) return;
      const before = await versionIn(storage, 'environments');
      await storage.write(async (tx: WriteTx) => {
        assert.ok(tx.collectionVersion!('environments'));
        await tx.put('environments', makeEnvironment('qa'));
        assert.is(tx.collectionVersion!('environments'), undefined, 'after its own put');
        assert.ok(tx.collectionVersion!('features'), 'other collections keep theirs');
      });
      const afterPut = await versionIn(storage, 'environments');
      assert.ok(afterPut !== before);
      await storage
        .write(async (tx) => {
          await tx.put('environments', makeEnvironment('never'));
          throw new Error('refused');
        })
        .catch(() => undefined);
      assert.is(await versionIn(storage, 'environments'), afterPut, 'a rolled-back write left it as it was');
    }),
  );
}
