import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI_SOURCE = join(ROOT, 'packages/server/src/cli.ts');

export interface RunningBin {
  child: ChildProcess;
  url: string;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export const tempDir = (prefix = 'flagadmin-test-'): string => mkdtempSync(join(tmpdir(), prefix));
export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

export const randomSecret = (project = '*', environment = '*'): string => {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${project}:${environment}.${hex}`;
};

/**
 * Starts the `flagadmin` bin (from source, or `built: true` for packages/server/bin) with the given
 * flags and env, and resolves once it prints its `listening on` line (rejects if it exits first).
 */
export function startBin(args: string[], env: Record<string, string> = {}, options: { built?: boolean; timeoutMs?: number } = {}): Promise<RunningBin> {
  const entry = options.built ? [join(ROOT, 'packages/server/bin/flagadmin.js')] : ['--conditions=source', '--import', 'tsx', CLI_SOURCE];
  const child = spawn(process.execPath, [...entry, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the bin did not print its URL in time:\n${out}`));
    }, options.timeoutMs ?? 30_000);
    const onData = () => {
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({ child, url: m[1]!.replace(/\/$/, ''), output: () => out, stop });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the bin exited with ${code} before listening:\n${out}`));
    });
  });
}
