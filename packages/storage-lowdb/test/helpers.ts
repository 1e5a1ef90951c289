import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export { eventsOf, makeEvent, makeFeature, makeProject, rejects } from '../../../test/helpers/records';

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

/**
 * The journal as written: its text up to the preallocated zeros, and where they begin. Asserts that
 * everything after that point is zeros (the file's preallocated tail), so a test reading lines here
 * also checks the layout.
 */
export async function journalText(file: string): Promise<{ text: string; end: number; size: number }> {
  const bytes = await readFile(file);
  const nul = bytes.indexOf(0);
  const end = nul === -1 ? bytes.length : nul;
  if (bytes.subarray(end).some((b) => b !== 0)) throw new Error(`${file}: bytes after the zero tail began at ${end}`);
  return { text: bytes.toString('utf8', 0, end), end, size: bytes.length };
}

/** The journal's lines (preallocated zeros left out). */
export const journalLines = async (file: string): Promise<string[]> => (await journalText(file)).text.split('\n').filter(Boolean);
