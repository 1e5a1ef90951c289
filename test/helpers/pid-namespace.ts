import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { BIN_FROM_SOURCE, REPO_ROOT } from './bin';

/** Whether this machine lets the tests give a process its own pid namespace (root and util-linux `unshare`). */
export function pidNamespacesWork(): boolean {
  const probe = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'sh', '-c', 'echo $$'], { encoding: 'utf8' });
  return probe.status === 0 && probe.stdout.trim() === '1';
}

export interface BinInNamespace {
  /** The `unshare` process; the bin is its only child, pid 1 in its own pid namespace. */
  unshare: ChildProcess;
  /** Resolves with the bin's `listening on` URL, rejects with its output when it exits first. */
  listening: Promise<string>;
  /** Resolves with everything printed once the bin has exited. */
  exited: Promise<string>;
  /** The bin's pid as this process sees it. */
  hostPid(): number;
}

/** Starts the `flagadmin` bin (from source) as pid 1 of a new pid namespace with its own /proc. */
export function startBinAsPid1(args: string[]): BinInNamespace {
  const unshare = spawn('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, ...BIN_FROM_SOURCE, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<string>((resolve) => unshare.once('close', () => resolve(out)));
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!.replace(/\/$/, ''));
    };
    unshare.stdout!.on('data', onData);
    unshare.stderr!.on('data', (d: Buffer) => (out += d));
    void exited.then(() => reject(new Error(`the bin exited before listening:\n${out}`)));
  });
  listening.catch(() => undefined);
  const hostPid = () => Number(readFileSync(`/proc/${unshare.pid}/task/${unshare.pid}/children`, 'utf8').trim().split(' ')[0]);
  return { unshare, listening, exited, hostPid };
}
