/** Small helpers of the benchmark: paths, numbers, child processes that are always stopped. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
export const ROOT = join(BENCH_DIR, '..');
/** The built bin; BENCH_BUILT_BIN names another build of it (a copy of an earlier commit's, to compare). */
export const BUILT_BIN = process.env['BENCH_BUILT_BIN'] ?? join(ROOT, 'packages/server/bin/flagadmin.js');

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1 << 30) return `${(bytes / (1 << 30)).toFixed(2)} GiB`;
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MiB`;
  if (bytes >= 1 << 10) return `${(bytes / (1 << 10)).toFixed(1)} KiB`;
  return `${bytes} B`;
}

export function dirSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(path) : statSync(path).size;
  }
  return total;
}

let clockTicks: number | undefined;

/**
 * CPU time (user + system, µs) a process has used so far, all its threads: from /proc on Linux;
 * undefined where there is no /proc.
 */
export function processCpuMicros(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  // Fields after the command name (which may hold spaces, inside parentheses): utime and stime are 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / clockTicks;
}

/** CPU time of the whole machine so far, ms over every core: busy (user, nice, system, irq) and in all. */
export function machineCpu(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const used = times.user + times.nice + times.sys + times.irq;
    busy += used;
    total += used + times.idle;
  }
  return { busy, total };
}

/** The nearest-rank p-th percentile (0-100) of ascending `sorted`; NaN when it is empty. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : Number.NaN;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident set size of a process in bytes (VmRSS of /proc/<pid>/status), or NaN where unreadable. */
export function rssOf(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Everything the run must undo, whatever happens: child processes, servers, temporary directories.
 * `cleanup()` runs them newest first; `killAllNow()` is the synchronous last resort on exit.
 */
const cleanups: { label: string; run: () => Promise<void> | void }[] = [];
const children = new Set<ChildProcess>();

export function onCleanup(label: string, run: () => Promise<void> | void): () => void {
  const entry = { label, run };
  cleanups.push(entry);
  return () => {
    const at = cleanups.indexOf(entry);
    if (at >= 0) cleanups.splice(at, 1);
  };
}

export async function cleanup(): Promise<void> {
  while (cleanups.length) {
    const entry = cleanups.pop()!;
    try {
      await entry.run();
    } catch (error) {
      process.stderr.write(`cleanup of ${entry.label} failed: ${(error as Error).message}\n`);
    }
  }
}

export function killAllNow(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export function removeDirLater(dir: string): void {
  onCleanup(`directory ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
}

export interface Child {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Spawns a process that the cleanup stops if the run does not. */
export function spawnTracked(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Child {
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const stop = async (graceMs = 15_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  const unregister = onCleanup(`process ${child.pid}`, async () => {
    await stop(5_000);
  });
  void exited.then(unregister);
  return { child, output: () => out, exited, stop };
}

export interface RunningBin extends Child {
  url: string;
  /** Milliseconds from spawn to the `listening on` line. */
  startMs: number;
}

/**
 * Starts the built `flagadmin` bin on a data directory (any free port, no demo, warn-level logs) and
 * resolves once it prints its `listening on` line; rejects (after stopping it) if it exits or is late.
 */
export async function startBuiltBin(
  dataDir: string,
  options: { timeoutMs?: number; nodeArgs?: string[]; args?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningBin> {
  const started = performance.now();
  const args = [BUILT_BIN, '--port', '0', '--data', dataDir, '--no-demo', '--log-level', 'warn', ...(options.args ?? [])];
  // BENCH_BIN_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the bin under load (written at its exit).
  const extra = process.env['BENCH_BIN_NODE_ARGS']?.split(' ').filter(Boolean) ?? [];
  const proc = spawnTracked(process.execPath, [...extra, ...(options.nodeArgs ?? []), ...args], {
    env: { ...process.env, NODE_ENV: 'production', ...options.env },
  });
  const timeoutMs = options.timeoutMs ?? 120_000;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the bin did not print its URL within ${timeoutMs} ms:\n${proc.output()}`)),
        timeoutMs,
      );
      const onData = () => {
        const m = /listening on (http:\/\/\S+)/.exec(proc.output());
        if (!m) return;
        clearTimeout(timer);
        proc.child.stdout!.off('data', onData);
        resolve(m[1]!.replace(/\/$/, ''));
      };
      proc.child.stdout!.on('data', onData);
      void proc.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the bin exited with ${code} before listening:\n${proc.output()}`));
      });
    });
    return { ...proc, url, startMs: performance.now() - started };
  } catch (error) {
    await proc.stop(2_000);
    throw error;
  }
}

/** mulberry32: a small deterministic PRNG, so every generation of a set is the same data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
