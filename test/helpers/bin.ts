// The one way tests spawn the bin (or an example) as a real child process: wait for a line, stop it,
// always clean up. Output is complete when `exited()` resolves: it waits for the child's streams to
// close, not only for the process to exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Generous guards for waits on a busy machine: a wait ends on its event; this only stops a hang. */
const WAIT_MS = 60_000;

/** The bin from source: fast, no build needed. */
export const BIN_FROM_SOURCE = ['--conditions=source', '--import', 'tsx', 'packages/server/src/cli.ts'];
/** The built bin, exactly as `pnpm exec flagadmin` runs it. */
export const BUILT_BIN = ['packages/server/bin/flagadmin.js'];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Child {
  process: ChildProcess;
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves with the first match in stdout (from the start); rejects when the child exits first or on timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** `waitFor` on stderr (where some programs print their listening line). */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves once the child has exited (or rejects on timeout). */
  exited(timeoutMs?: number): Promise<Exit>;
  /** Sends a signal (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
  /** SIGKILL if still running; for finally blocks. */
  kill(): Promise<void>;
}

const running = new Set<Child>();

export interface SpawnOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** its own process group, signalled with process.kill(-pid) */
  detached?: boolean;
}

/** Spawns `node <args>` with cwd at the repository root (by default) and an environment without PORT & co. */
export function spawnNode(args: readonly string[], options: SpawnOptions = {}): Child {
  return spawnCommand(process.execPath, args, options);
}

/** Spawns any program (deno, bun, ...) as `spawnNode` does node. */
export function spawnCommand(command: string, args: readonly string[], options: SpawnOptions = {}): Child {
  const env: Record<string, string | undefined> = { ...process.env, FORCE_COLOR: '0' };
  for (const name of [
    'PORT',
    'HOST',
    'FLAGADMIN_DATA',
    'LOG_LEVEL',
    'INIT_ADMIN_API_TOKENS',
    'INIT_CLIENT_API_TOKENS',
    'BODY_LIMIT',
    'NODE_OPTIONS',
    'DATABASE_URL',
  ]) {
    delete env[name];
  }
  // The bin acts differently under a package manager's script (`pnpm test` sets these).
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  Object.assign(env, options.env);
  const proc = spawn(command, [...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let stdout = '';
  let stderr = '';
  let exit: Exit | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => ((stdout += d), notify()));
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => ((stderr += d), notify()));
  proc.on('close', (code, signal) => {
    exit = { code, signal };
    running.delete(child);
    notify();
  });
  proc.on('error', (error) => {
    stderr += String(error);
    exit ??= { code: -1, signal: null };
    notify();
  });

  const until = <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const done = (fn: () => void) => {
        listeners.delete(listener);
        clearTimeout(timer);
        fn();
      };
      const listener = () => {
        let value: T | undefined;
        try {
          value = check();
        } catch (error) {
          return done(() => reject(error));
        }
        if (value !== undefined) done(() => resolve(value));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`))),
        timeoutMs,
      );
      listeners.add(listener);
      listener();
    });

  const matchOf = (output: () => string, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> =>
    until(
      () => {
        const m = pattern.exec(output());
        if (m) return m;
        if (exit) throw new Error(`exited (${JSON.stringify(exit)}) before printing ${pattern}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
        return undefined;
      },
      timeoutMs,
      String(pattern),
    );

  const child: Child = {
    process: proc,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    waitFor: (pattern, timeoutMs = WAIT_MS) => matchOf(() => stdout, pattern, timeoutMs),
    waitForStderr: (pattern, timeoutMs = WAIT_MS) => matchOf(() => stderr, pattern, timeoutMs),
    exited: (timeoutMs = WAIT_MS) => until(() => exit, timeoutMs, 'the exit'),

    async stop(signal = 'SIGTERM', timeoutMs = WAIT_MS) {
      if (!exit) proc.kill(signal);
      return child.exited(timeoutMs);
    },
    async kill() {
      if (exit) return;
      if (options.detached) process.kill(-proc.pid!, 'SIGKILL');
      else proc.kill('SIGKILL');
      await child.exited(5_000).catch(() => undefined);
    },
  };
  running.add(child);
  return child;
}

/** How a program run to its end ended, with everything it printed. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program to its end (no shell; the environment as `spawnCommand` makes it). `guardMs` only
 * stops a hang: past it the program is killed and the run rejects.
 */
export async function runToEnd(command: string, args: readonly string[], options: SpawnOptions & { guardMs?: number } = {}): Promise<Ran> {
  const child = spawnCommand(command, args, options);
  try {
    const { code } = await child.exited(options.guardMs ?? WAIT_MS);
    return { code, stdout: child.stdout, stderr: child.stderr };
  } finally {
    await child.kill();
  }
}

/** Kills every child still running (an `after` hook's job, so a failed test leaves nothing behind). */
export async function killAll(): Promise<void> {
  await Promise.all([...running].map((c) => c.kill()));
}

/** The URL of a `listening on http://...` line. */
export async function listeningUrl(child: Child, timeoutMs?: number): Promise<string> {
  return (await child.waitFor(/listening on (http:\/\/\S+)/, timeoutMs))[1]!;
}

/** The demo admin key the bin prints after its listening line. */
export async function demoKey(child: Child): Promise<string> {
  return (await child.waitFor(/Admin API key[^\n]*\n\s*(\S+)\n/))[1]!;
}

/** The JSON lines of a child's stdout. */
export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The bin from source with `args`, waiting for its listening line (LOG_LEVEL=warn unless `env` says otherwise). */
export async function startBin(args: readonly string[], env: Record<string, string> = {}): Promise<{ child: Child; url: string }> {
  const child = spawnNode([...BIN_FROM_SOURCE, ...args], { env: { LOG_LEVEL: 'warn', ...env } });
  try {
    return { child, url: (await listeningUrl(child)).replace(/\/$/, '') };
  } catch (error) {
    await child.kill();
    throw error;
  }
}

export const tempDir = (prefix = 'flagadmin-test-'): string => mkdtempSync(join(tmpdir(), prefix));
export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

/** An Unleash-shaped secret with a random 64-hex part. */
export const randomSecret = (project = '*', environment = '*'): string => {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${project}:${environment}.${hex}`;
};

/** Temporary data directories for one test file: `make()` one, `removeAll()` in its `after` hook. */
export function scratchDirs(): { make(): string; removeAll(): void } {
  const dirs: string[] = [];
  return {
    make: () => {
      const dir = tempDir();
      dirs.push(dir);
      return dir;
    },
    removeAll: () => dirs.splice(0).forEach(removeDir),
  };
}
