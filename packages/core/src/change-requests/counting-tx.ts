/** A write transaction that counts the events appended through it (an apply names the events it caused). */
import type { WriteTx } from '../base/storage';

export function countingTx(tx: WriteTx): { tx: WriteTx; appended(): number } {
  let appended = 0;
  const counting: WriteTx = {
    get: (collection, key) => tx.get(collection, key),
    list: (collection, where) => tx.list(collection, where),
    events: (query) => tx.events(query),
    countEvents: (query) => tx.countEvents(query),
    revision: () => tx.revision(),
    put: (collection, record) => tx.put(collection, record),
    delete: (collection, key) => tx.delete(collection, key),
    nextSequence: (name) => tx.nextSequence(name),
    appendEvent: async (event) => {
      await tx.appendEvent(event);
      appended++;
    },
  };
  return { tx: counting, appended: () => appended };
}
