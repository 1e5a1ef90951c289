/**
 * The storage contract suite: the rules written in packages/core/src/storage.ts, checked against one
 * adapter. Each adapter's test file calls it once per configuration:
 *
 * ```ts
 * import { storageContract } from './storage-contract';
 *
 * storageContract('storage-postgres contract', {
 *   // A fresh, empty storage each call. `reopen` (optional) opens the same data again after the suite
 *   // closed `storage`: given, the durability cases check that everything comes back.
 *   open: async () => {
 *     const storage = await postgresStorage({ url, schema: fresh() });
 *     return { storage, reopen: () => postgresStorage({ url, schema }), cleanup: () => dropSchema() };
 *   },
 *   // Optional: the adapter's own cases, in a suite of their own, with the same fresh storages.
 *   additionalTests: ({ test, withStorage }) => {
 *     test('a dropped connection fails the write, not the process', withStorage(async (storage) => { ... }));
 *   },
 * });
 * ```
 *
 * Signature: `storageContract(name: string, adapter: StorageAdapter): void`. It registers one uvu suite
 * per topic (records, deletes, indexes, transactions, events, events by feature, sequences, collection versions,
 * durability, then the adapter's own)
 * named `${name}: topic`, and runs them. `cleanup()` closes whichever storage is open (the one `open`
 * gave or the last `reopen` gave) and removes its data; it runs after every case, also a failed one.
 * Record builders (`makeFeature`, `makeEvent`, `oneOfEach`...) live in test/helpers/records.ts.
 */
import { suite } from 'uvu';
import type { Storage } from '@flagadmin/core';
import { collectionVersionCases } from './collection-versions';
import { deleteCases } from './deletes';
import { durabilityCases } from './durability';
import { eventCases } from './events';
import { featureEventCases } from './feature-events';
import { indexCases } from './indexes';
import { recordCases } from './records';
import { sequenceCases } from './sequences';
import type { ContractContext, OpenedStorage } from './support';
import { transactionCases } from './transactions';

export type { ContractContext, OpenedStorage } from './support';

export interface StorageAdapter {
  /** A fresh, empty storage each call (with `reopen` when the adapter persists). */
  open(): Promise<OpenedStorage>;
  /** The adapter's own cases, registered like the contract's (`test`, `withStorage`, `open`). */
  additionalTests?: (context: ContractContext) => void;
}

const TOPICS: [string, (context: ContractContext) => void][] = [
  ['records', recordCases],
  ['deletes', deleteCases],
  ['indexes', indexCases],
  ['transactions', transactionCases],
  ['events', eventCases],
  ['events by feature', featureEventCases],
  ['sequences', sequenceCases],
  ['collection versions', collectionVersionCases],
  ['durability', durabilityCases],
];

export function storageContract(name: string, adapter: StorageAdapter): void {
  const open = () => adapter.open();
  /** Runs `fn` on a fresh storage, then cleans up (also when `fn` fails). */
  const withStorage = (fn: (s: Storage, opened: OpenedStorage) => Promise<void>) => async () => {
    const opened = await open();
    try {
      await fn(opened.storage, opened);
    } finally {
      await opened.cleanup();
    }
  };
  const topics = adapter.additionalTests ? [...TOPICS, ['own cases', adapter.additionalTests] as const] : TOPICS;
  for (const [topic, register] of topics) {
    const test = suite(`${name}: ${topic}`);
    register({ test, open, withStorage });
    test.run();
  }
}
