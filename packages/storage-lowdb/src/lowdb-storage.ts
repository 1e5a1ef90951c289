import { mkdir } from 'node:fs/promises';
import type { Storage } from '@flagadmin/core';
import { acquireLock } from './lock';
import { storePaths } from './paths';
import { recover, type Recovered, type StorageLogger } from './recovery';
import { LowdbStore } from './store';

export type { StorageLogger } from './recovery';

export interface LowdbStorageOptions {
  /** The data directory (created when missing): `db.json`, `journal.jsonl`, `events.jsonl`, `lock`. */
  dir?: string;
  /** Instead of `dir`: the snapshot file; the other files sit beside it, named after it. */
  file?: string;
  /**
   * Fold the journal into a new snapshot once it holds this many bytes, and at least as many as the
   * last snapshot (so checkpoints cost at most as much writing as the commits since the last one).
   * Default 64 MiB.
   */
  checkpointBytes?: number;
  /** Told about repairs at open (a torn last line), failed checkpoints, and writes failing for want of disk. */
  logger?: StorageLogger;
}

const DEFAULT_CHECKPOINT_BYTES = 64 << 20;

/**
 * The embedded default storage: state in memory (MemoryEngine), made durable in a data directory as a
 * lowdb snapshot (`db.json`), a journal of the commits since (`journal.jsonl`) and an append-only event
 * log (`events.jsonl`). See the package README for the format, the commit protocol and recovery.
 * One process at a time: a second open of the same directory is refused (FlagadminStorageLockedError).
 */
export async function lowdbStorage(options: LowdbStorageOptions): Promise<Storage> {
  const paths = storePaths(options);
  await mkdir(paths.dir, { recursive: true });
  const release = await acquireLock(paths.lock, paths.label);
  let recovered: Recovered | undefined;
  try {
    recovered = await recover(paths, options.logger);
    return new LowdbStore(paths, recovered, options.checkpointBytes ?? DEFAULT_CHECKPOINT_BYTES, options.logger, release).storage();
  } catch (err) {
    if (recovered) await Promise.allSettled(recovered.handles.map((fh) => fh.close()));
    await release();
    throw err;
  }
}
