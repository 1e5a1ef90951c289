import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Storage } from '@flagadmin/core';
import { lowdbStorage, type LowdbStorageOptions } from '@flagadmin/storage-lowdb';
import { storageContract } from './storage-contract';

function opener(options: Omit<LowdbStorageOptions, 'dir' | 'file'>) {
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flagadmin-contract-'));
    let current: Storage = await lowdbStorage({ dir, ...options });
    return {
      storage: current,
      reopen: async () => (current = await lowdbStorage({ dir, ...options })),
      cleanup: async () => {
        await current.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  };
}

storageContract('storage-lowdb contract', { open: opener({}) });
// The same with a checkpoint (a new db.json, the journal emptied) after nearly every commit.
storageContract('storage-lowdb contract, constant checkpoints', { open: opener({ checkpointBytes: 1 }) });
