import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export { makeEvent, makeFeature, makeProject, rejects } from '../../../test/storage-contract';

/** A fresh temporary directory; `remove()` deletes it. */
export async function tempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'flagadmin-lowdb-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A logger that remembers its warnings. */
export function recordingLogger(): { warnings: string[]; warn(message: string): void } {
  const warnings: string[] = [];
  return { warnings, warn: (message) => void warnings.push(message) };
}
