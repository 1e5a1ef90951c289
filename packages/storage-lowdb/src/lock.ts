import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { FlagadminStorageLockedError } from './errors';
import { createServer } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { fsyncDir, isCode } from './fs-util';
import { currentOwner, ownerAlive, ownerText, parseOwner, type LockOwner } from './lock-owner';

/**
 * Takes the lock file `path` for this process: its content names the owner (pid, start time, boot id:
 * see lock-owner.ts). It is created complete (written under a temporary name, then hard-linked, which
 * fails if the lock exists), so a reader never sees half an owner. A lock whose owner is no longer
 * running (it was killed; its pid may be in use by another process since) is taken over.
 * Resolves to the release function.
 */
export async function acquireLock(path: string, label: string): Promise<() => Promise<void>> {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const dir = dirname(path);
  const alive = await liveSocket(dir, `${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.sock`);
  const self: LockOwner = alive ? { ...currentOwner(), sock: alive.name } : currentOwner();
  await writeFile(temp, ownerText(self), { flag: 'wx' });
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
      const owner = parseOwner(text);
      if (!owner) {
        throw new FlagadminStorageLockedError(
          path,
          null,
          `${label} is locked by ${path}, whose content is not a pid; remove that file if no process uses the data`,
        );
      }
      if (await ownerAlive(owner, self, dir))
        throw new FlagadminStorageLockedError(path, owner.pid, `${label} is in use by process ${owner.pid}`);
      // Stale: the owner died without releasing it. Remove it only if it still names that owner.
      try {
        if ((await readFile(path, 'utf8')) === text) {
          await unlink(path);
          if (owner.sock !== undefined) await unlink(join(dir, owner.sock)).catch(() => undefined);
        }
      } catch (err) {
        if (!isCode(err, 'ENOENT')) throw err;
      }
    }
    await fsyncDir(dir);
  } catch (err) {
    await alive?.close();
    throw err;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // The lock file first: while it exists, its socket must answer (else it counts as stale).
    await unlink(path).catch((err) => {
      if (!isCode(err, 'ENOENT')) throw err;
    });
    await alive?.close();
  };
}

/** Unix socket paths longer than this do not fit in sockaddr_un (108 bytes on Linux, 104 elsewhere). */
const MAX_SOCKET_PATH = 100;

/**
 * Listens on a Unix socket `name` in `dir` for as long as this process holds the lock: the proof of
 * life other processes connect to. Undefined where that cannot be (a path too long, a file system
 * without sockets): then the lock falls back to pid and start time.
 */
async function liveSocket(dir: string, name: string): Promise<{ name: string; close(): Promise<void> } | undefined> {
  const path = join(dir, name);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) return undefined;
  const server = createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
  } catch {
    return undefined;
  }
  server.unref(); // the lock never keeps the process alive
  return {
    name,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())), // closing a listening Unix socket removes its file
  };
}
