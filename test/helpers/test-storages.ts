// The storages that suites run once each against (core's operation suites, the HTTP suites): each opens
// a fresh, empty storage and says how to dispose of it. A new storage is one more entry here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Storage } from '@flagadmin/core';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import { memoryStorage } from '@flagadmin/storage-memory';
import { openPostgresSchema } from './postgres-schemas';

/** A storage a suite runs against; `open` gives a fresh, empty one and how to dispose of it. */
export interface TestStorage {
  name: string;
  open(): Promise<{ storage: Storage; cleanup(): Promise<void> }>;
}

export const MEMORY: TestStorage = {
  name: 'memory',
  open: async () => ({ storage: memoryStorage(), cleanup: async () => undefined }),
};

export const LOWDB: TestStorage = {
  name: 'lowdb',
  open: async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flagadmin-core-'));
    const storage = await lowdbStorage({ dir });
    return {
      storage,
      cleanup: async () => {
        await storage.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

/** One PostgreSQL server per test process, started by the first postgres suite; an empty schema per storage. */
export const POSTGRES: TestStorage = { name: 'postgres', open: openPostgresSchema };
