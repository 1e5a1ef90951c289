import { spawnSync } from 'node:child_process';
import { closeSync, fstatSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small file system of its own, to fill up for real: a tmpfs mounted on a fresh directory. */
export interface SmallDisk {
  /** The mount point. */
  dir: string;
  /**
   * Fills every free byte with a filler file (written until the file system answers ENOSPC), then
   * gives `leave` bytes back (a multiple of the page size, 4096), for a disk almost full.
   */
  fill(leave?: number): void;
  /** Deletes the filler: the space is back. */
  free(): void;
  /** Unmounts and removes the mount point. Idempotent. */
  unmount(): void;
}

/**
 * Mounts a tmpfs of `size` (`mount -t tmpfs -o size=4m`) on a new directory. Needs root (CI runs as root):
 * when mounting is refused this throws with mount's answer, so the test fails rather than skips.
 */
export function mountSmallDisk(size: string): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'flagadmin-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`mount -t tmpfs failed (this test needs root): ${mounted.stderr || mounted.error?.message}`);
  }
  const filler = join(dir, 'filler');
  let isMounted = true;
  return {
    dir,
    fill(leave = 0) {
      const fd = openSync(filler, 'a');
      try {
        // Big writes first, then ever smaller ones, down to a single byte refused: nothing is left.
        for (let chunk = 1 << 20; chunk >= 1; ) {
          try {
            if (writeSync(fd, Buffer.alloc(chunk)) < chunk) chunk >>= 1;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
            chunk >>= 1;
          }
        }
        if (leave) ftruncateSync(fd, fstatSync(fd).size - leave);
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      if (!isMounted) return;
      const unmounted = spawnSync('umount', [dir], { encoding: 'utf8' });
      if (unmounted.status !== 0) throw new Error(`umount ${dir} failed: ${unmounted.stderr}`);
      isMounted = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
