import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { FlagadminStorageLockedError } from './errors';
import { dirname } from 'node:path';
import { fsyncDir, isCode } from './fs-util';

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return isCode(err, 'EPERM');
  }
}

/**
 * Takes the lock file `path` for this process: its content is the owner's pid. It is created complete
 * (written under a temporary name, then hard-linked, which fails if the lock exists), so a reader never
 * sees a half-written pid. A lock whose pid is no longer alive (the owner was killed) is taken over.
 * Resolves to the release function.
 */
export async function acquireLock(path: string, label: string): Promise<() => Promise<void>> {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, `${process.pid}\n`, { flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(temp, path);
        break;
      } catch (err) {
        if (!isCode(err, 'EEXIST') || attempt >= 5) throw err;
      }
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (err) {
        if (isCode(err, 'ENOENT')) continue; // released meanwhile: try again
        throw err;
      }
      const pid = Number(text.trim());
      if (!Number.isSafeInteger(pid) || pid <= 0) {
        throw new FlagadminStorageLockedError(
          path,
          null,
          `${label} is locked by ${path}, whose content is not a pid; remove that file if no process uses the data`,
        );
      }
      if (pid === process.pid || alive(pid)) throw new FlagadminStorageLockedError(path, pid, `${label} is in use by process ${pid}`);
      // Stale: the owner died without releasing it. Remove it only if it still names that pid.
      try {
        if ((await readFile(path, 'utf8')).trim() === String(pid)) await unlink(path);
      } catch (err) {
        if (!isCode(err, 'ENOENT')) throw err;
      }
    }
    await fsyncDir(dirname(path));
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await unlink(path).catch((err) => {
      if (!isCode(err, 'ENOENT')) throw err;
    });
  };
}
