import type { Storage } from '@flagadmin/core';
import { memoryStorage } from '@flagadmin/storage-memory';

/** A memory storage whose reads reject with `error` once `breakReads()` is called (a storage that fails). */
export function breakableStorage(error: Error): { storage: Storage; breakReads(): void } {
  const inner = memoryStorage();
  let broken = false;
  const storage: Storage = {
    read: (fn) => (broken ? Promise.reject(error) : inner.read(fn)),
    write: (fn) => inner.write(fn),
    close: () => inner.close(),
  };
  return { storage, breakReads: () => void (broken = true) };
}
