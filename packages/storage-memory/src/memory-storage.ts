import type { Storage } from '@flagadmin/core';
import { MemoryEngine, MemoryEventStore } from './engine';

/** A storage that keeps everything in memory: for tests, demos and single-process embedding. */
export function memoryStorage(): Storage {
  const engine = new MemoryEngine(new MemoryEventStore());
  let closed = false;
  const open = (): void => {
    if (closed) throw new Error('storage is closed');
  };
  return {
    read: (fn) => (open(), engine.read(fn)),
    write: (fn) => (open(), engine.write(fn)),
    onCommit: (listener) => engine.onCommit(listener),
    close: async () => {
      closed = true;
      await engine.idle();
    },
  };
}
