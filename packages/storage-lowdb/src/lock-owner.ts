import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { isCode } from './fs-util';

/**
 * Who holds a lock: a pid alone names a process only while it lives (after a kill -9 the pid is
 * reused, and in a container the restarted process is pid 1 again). With the process's start time
 * (in clock ticks since boot, from /proc/<pid>/stat) and the boot id, it names one process for ever.
 */
export interface LockOwner {
  pid: number;
  /** Field 22 of /proc/<pid>/stat; absent where /proc is not there (not Linux). */
  start?: string;
  /** /proc/sys/kernel/random/boot_id; absent where it is not there. */
  boot?: string;
  /**
   * A Unix socket beside the lock (its file name) on which the owner listens while it runs. The
   * operating system closes it when the process dies, however it dies: a connection that is refused
   * proves the owner gone, in any pid namespace (a container's pid 1, a sibling container).
   */
  sock?: string;
}

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (err) {
    if (isCode(err, 'ENOENT') || isCode(err, 'ENOTDIR') || isCode(err, 'EACCES')) return undefined;
    throw err;
  }
};

/** The start time of a process as /proc shows it, undefined when there is no such process. */
function startTime(pid: number | 'self'): { pid: number; start: string } | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses; the fields after it are plain.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pid: Number(stat.slice(0, stat.indexOf(' '))), start: fields[19]! };
}

/**
 * This process as a lock owner. Start time and boot id are recorded only when /proc is this process's
 * own (its /proc/self names this pid: not so in a pid namespace without its own /proc mount).
 */
export function currentOwner(): LockOwner {
  const self = startTime('self');
  if (!self || self.pid !== process.pid) return { pid: process.pid };
  const boot = readText('/proc/sys/kernel/random/boot_id');
  return boot === undefined ? { pid: process.pid, start: self.start } : { pid: process.pid, start: self.start, boot };
}

/** The lock file's text for an owner: one JSON line. */
export const ownerText = (owner: LockOwner): string => `${JSON.stringify(owner)}\n`;

/** The owner a lock file names: a JSON line, or (as earlier versions wrote) a bare pid. Undefined: neither. */
export function parseOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^[0-9]+$/.test(trimmed)) return validPid(Number(trimmed)) ? { pid: Number(trimmed) } : undefined;
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner> | null;
    if (typeof value !== 'object' || value === null || !validPid(value.pid)) return undefined;
    const owner: LockOwner = { pid: value.pid };
    if (typeof value.start === 'string') owner.start = value.start;
    if (typeof value.boot === 'string') owner.boot = value.boot;
    if (typeof value.sock === 'string' && /^[A-Za-z0-9._-]+$/.test(value.sock)) owner.sock = value.sock;
    return owner;
  } catch {
    return undefined;
  }
}

const validPid = (pid: unknown): pid is number => typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0;

/** Whether something listens on the Unix socket at `path` (refused or missing: nobody does). */
function listening(path: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (err) => (isCode(err, 'ECONNREFUSED') || isCode(err, 'ENOENT') ? resolve(false) : reject(err)));
  });
}

/**
 * Whether the owner may still be running. With a socket recorded: exactly when it still listens.
 * Else with a start time recorded and /proc our own: when the same boot still has a process with that
 * pid and that start time. Else (a bare pid, or no usable /proc): whenever a process with that pid
 * exists (EPERM: it exists but belongs to someone else).
 */
export async function ownerAlive(owner: LockOwner, self: LockOwner, dir: string): Promise<boolean> {
  if (owner.sock !== undefined) return listening(join(dir, owner.sock));
  if (owner.start !== undefined && self.start !== undefined) {
    if (owner.boot !== undefined && self.boot !== undefined && owner.boot !== self.boot) return false;
    if (owner.pid === self.pid) return owner.start === self.start;
    const now = startTime(owner.pid);
    return now !== undefined && now.start === owner.start;
  }
  if (owner.pid === self.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    return isCode(err, 'EPERM');
  }
}
