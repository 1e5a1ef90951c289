/**
 * What core derives from a whole collection (the environment index, the feature types' lifetimes),
 * kept per the storage's token for that collection's records (`ReadTx.collectionVersion`): every
 * feature write needs both, and without the token each would list and parse the collection again.
 * A storage without tokens, or a transaction that changed the collection, derives afresh each time.
 */
import type { CollectionName, Collections, ReadTx } from '../base/storage';

export type DerivedRead<V> = (tx: ReadTx) => Promise<V>;

/** A reader of `derive(every record of the collection)`; what it answers is shared, so it is frozen. */
export function derivedByVersion<C extends CollectionName, V extends object>(
  collection: C,
  derive: (records: Collections[C][]) => V,
): DerivedRead<V> {
  const kept = new WeakMap<object, V>();
  return async (tx) => {
    const version = tx.collectionVersion?.(collection);
    const hit = version && kept.get(version);
    if (hit) return hit;
    const records = await tx.list(collection);
    for (const record of records) Object.freeze(record);
    const value = Object.freeze(derive(records));
    if (version) kept.set(version, value);
    return value;
  };
}
