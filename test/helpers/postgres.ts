// The one way tests get a real PostgreSQL server: the machine's own server binaries, or the ones npm
// installed (postgres-binaries.ts), a fresh cluster in a temporary directory, listening on 127.0.0.1 on a free port only, removed by
// `stop()` (and stopped by the kernel if this process dies first, where util-linux's setpriv exists).
// As root the server runs as another user (initdb refuses root). Waits end on the
// server's own "ready" line or on its exit; the time limits are only hang guards. The cluster is thrown
// away, so initdb does not fsync it and `stop()` skips the shutdown checkpoint; the running server keeps
// PostgreSQL's durable defaults (fsync, synchronous_commit).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverBinaries, serverUser, type BinariesSource } from './postgres-binaries';

const WAIT_MS = 120_000;
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));

export interface TestPostgres {
  /** postgres://postgres:...@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server (fast shutdown: open connections are cut) and keeps its data, for `resume()`. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port and data. */
  resume(): Promise<void>;
  /** The cluster's directory (data, socket), removed by `stop()` and `abandon()`. */
  dir: string;
  /** Stops the server at once (no checkpoint) and removes its directory. Idempotent. */
  stop(): Promise<void>;
  /**
   * For a process `exit` handler, where nothing can be awaited: tells the server to stop at once and
   * removes its directory. Does nothing after `stop()`.
   */
  abandon(): void;
  /**
   * Lets this process end while the server runs (its process handle and log pipe no longer keep Node's
   * event loop alive), so a `beforeExit` hook can stop it once everything else is done.
   */
  unref(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface StartOptions {
  /** Whose binaries to run; by default the machine's own where it has them (postgres-binaries.ts). */
  binaries?: BinariesSource;
  /** As root: the user to run the server as (by default `postgres`, else `nobody`). */
  user?: string;
}

export async function startPostgres(options: StartOptions = {}): Promise<TestPostgres> {
  const { bin } = serverBinaries(options.binaries);
  const user = serverUser(options.user);
  const dir = mkdtempSync(join(tmpdir(), 'flagadmin-pg-'));
  const data = join(dir, 'data');
  const password = `pw${crypto.randomUUID().replace(/-/g, '')}`;
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  if (user) chownSync(dir, user.uid, user.gid);
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, `${password}\n`);
  if (user) chownSync(passwordFile, user.uid, user.gid);
  execFileSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${passwordFile}`, '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    {
      ...as,
      stdio: 'pipe',
    },
  );
  rmSync(passwordFile);
  let port = 0;
  let child: ChildProcess | undefined;
  let referenced = true;
  /** Whether the server's process and its log pipe keep this process's event loop alive. */
  const reference = (proc: ChildProcess | undefined, on: boolean) => {
    const handles: ({ ref(): unknown; unref(): unknown } | null | undefined)[] = [
      proc,
      proc?.stderr as { ref(): unknown; unref(): unknown } | null,
    ];
    for (const handle of handles) {
      if (on) handle?.ref();
      else handle?.unref();
    }
  };

  const launch = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const server = [
        join(bin, 'postgres'),
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dir}`,
        '-c',
        'max_connections=200',
      ];
      // setpriv (util-linux) makes the server stop when this process dies, even by SIGKILL.
      const [command, ...args] = SETPRIV
        ? [
            SETPRIV,
            '--pdeathsig',
            'SIGINT',
            ...(user ? ['--reuid', String(user.uid), '--regid', String(user.gid), '--clear-groups'] : []),
            '--',
            ...server,
          ]
        : server;
      const proc = spawn(command!, args, { ...(SETPRIV ? {} : as), stdio: ['ignore', 'ignore', 'pipe'] });
      child = proc;
      reference(proc, referenced);
      let log = '';
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not get ready within ${WAIT_MS} ms:\n${log}`)), WAIT_MS);
      proc.stderr!.setEncoding('utf8').on('data', (text: string) => {
        if (log.length < 100_000) log += text;
        if (/database system is ready to accept connections/.test(log)) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`PostgreSQL exited (${code}) before it was ready:\n${log}`));
      });
    });

  /** Stops the server: `SIGINT` is a fast shutdown (a checkpoint, the data kept), `SIGQUIT` an immediate one. */
  const halt = async (signal: 'SIGINT' | 'SIGQUIT' = 'SIGINT') => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    reference(proc, true); // wait for its exit even when unref()'d
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill(signal);
    const guard = setTimeout(() => proc.kill('SIGKILL'), WAIT_MS);
    await exited;
    clearTimeout(guard);
  };

  // A port taken between freePort() and the server's bind: try another.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await launch();
      break;
    } catch (error) {
      await halt();
      if (attempt >= 5 || !/could not bind|Address already in use/.test(String(error))) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  let stopped = false;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    dir,
    halt: () => halt(),
    resume: () => launch(),
    unref() {
      referenced = false;
      reference(child, false);
    },
    abandon() {
      if (stopped) return;
      stopped = true;
      child?.kill('SIGQUIT');
      // The server may still be removing its own files: retry what it had open.
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await halt('SIGQUIT'); // no shutdown checkpoint: the data is removed next
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement on `url` over its own connection (test set-up and inspection). */
export async function sql<R = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as R[];
  } finally {
    await client.end();
  }
}
