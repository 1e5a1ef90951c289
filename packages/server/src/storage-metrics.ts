// The storage's metrics: how long write transactions take to commit (or fail), and how many events the
// committed ones wrote. Measured around the storage the core is given, so every storage is measured alike.
import type { Storage, WriteTx } from '@flagadmin/core';
import { Counter, Histogram, type Registry } from 'prom-client';

/** `storage` with its `write` timed and its committed events counted, on `registry`. */
export function observeStorage(storage: Storage, registry: Registry): Storage {
  const events = new Counter({ name: 'flagadmin_events_written_total', help: 'Events committed to the storage', registers: [registry] });
  const commits = new Histogram({
    name: 'flagadmin_storage_commit_duration_seconds',
    help: 'Time from a write transaction being asked for to its commit being durable, or to its rollback (a refused change or a storage failure), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const write: Storage['write'] = async (fn) => {
    const stop = commits.startTimer();
    let appended = 0;
    try {
      const result = await storage.write((tx) => {
        appended = 0; // a storage may run `fn` again; only the committed run counts
        const append = (event: Parameters<WriteTx['appendEvent']>[0]) => ((appended += 1), tx.appendEvent(event));
        return fn(bound(tx, 'appendEvent', append));
      });
      stop({ outcome: 'committed' });
      events.inc(appended);
      return result;
    } catch (error) {
      stop({ outcome: 'rolled_back' });
      throw error;
    }
  };
  return bound(storage, 'write', write);
}

/**
 * `target` with one method replaced; the others called on `target` itself (they may use private fields),
 * each bound once (the storage's `read`, a transaction's `get`, are called many times per request).
 */
function bound<T extends object>(target: T, name: string, replacement: unknown): T {
  const methods = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(t, key) {
      if (key === name) return replacement;
      const value: unknown = Reflect.get(t, key, t);
      if (typeof value !== 'function') return value;
      let method = methods.get(key);
      if (method === undefined) methods.set(key, (method = value.bind(t)));
      return method;
    },
  });
}
