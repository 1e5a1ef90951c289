/**
 * `flagadmin migrate` and `flagadmin export`: opens flagadmin's storage, runs the move with
 * @flagadmin/migrate, shows progress on stderr (a bar on a terminal, plain lines otherwise), prints the
 * summary on stdout, and answers an exit code (see MOVE_USAGE); never a stack trace for an expected failure.
 */
import { writeFile } from 'node:fs/promises';
import { createAdmin, SYSTEM_PRINCIPAL, type Admin, type Storage } from '@flagadmin/core';
import { exportToUnleash, incomplete, isMigrateError, migrateFromUnleash, summaryLines, type Progress } from '@flagadmin/migrate';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import { postgresStorage } from '@flagadmin/storage-postgres';
import { ConfigError } from './config-error';
import { MOVE_USAGE, parseMoveConfig, type MoveCommandName, type MoveConfig } from './move-config';

export interface MoveIo {
  /** A line (or lines) on stdout. */
  out(text: string): void;
  /** Text on stderr as it is (no newline added: progress redraws a line). */
  err(text: string): void;
  /** Whether stderr is a terminal: progress is then a bar redrawn in place. */
  tty: boolean;
}

/** Exit codes (MOVE_USAGE says them too). */
const DONE = 0;
const INCOMPLETE = 1;
const BAD_FLAG = 2;
const UNLEASH_FAILED = 3;

const BAR = 30;

function progressLine(p: Progress & { project: string }): string {
  const filled = p.total === 0 ? BAR : Math.round((p.done / p.total) * BAR);
  return `project ${p.project}: ${p.kind} ${p.done}/${p.total} [${'#'.repeat(filled)}${' '.repeat(BAR - filled)}]`;
}

async function openStorage(config: MoveConfig): Promise<Storage> {
  return config.databaseUrl ? postgresStorage({ url: config.databaseUrl }) : lowdbStorage({ dir: config.dataDir });
}

/** Why flagadmin's storage cannot be used, in one line. */
function storageFailure(error: unknown, config: MoveConfig): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'FlagadminStorageLockedError') return `${message}: a running flagadmin uses it; stop it first, or point --data elsewhere`;
  if (name === 'FlagadminStorageCorruptError') return `cannot open the data: ${message}`;
  return `cannot open flagadmin's ${config.databaseUrl ? 'database' : `data directory ${config.dataDir}`}: ${message}`;
}

/** `export --file`: one environment's export (Unleash's format: its import takes the file) of one project or all. */
async function exportFile(
  admin: Admin,
  file: { path: string; environment: string },
  project: string | undefined,
  io: MoveIo,
): Promise<number> {
  const body = { environment: file.environment, ...(project ? { project } : {}) };
  const data = await admin.exportFeatures(SYSTEM_PRINCIPAL, { body });
  await writeFile(file.path, `${JSON.stringify(data, null, 2)}\n`);
  io.out(
    `Wrote ${data.features.length} feature(s) of environment ${file.environment}${project ? ` in project ${project}` : ''} to ${file.path}`,
  );
  return DONE;
}

export async function runMoveCommand(
  command: MoveCommandName,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  io: MoveIo,
): Promise<number> {
  let config: MoveConfig;
  try {
    const parsed = parseMoveConfig(command, argv, env, cwd);
    if (parsed.help) {
      io.out(MOVE_USAGE[command]);
      return DONE;
    }
    config = parsed.config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`flagadmin ${command}: ${error.message} (see flagadmin ${command} --help)\n`);
    return BAD_FLAG;
  }

  let storage: Storage;
  try {
    storage = await openStorage(config);
  } catch (error) {
    io.err(`flagadmin ${command}: ${storageFailure(error, config)}\n`);
    return INCOMPLETE;
  }
  let drawn = false;
  const onProgress = (p: Progress & { project: string }) => {
    if (io.tty) {
      io.err(`\r${progressLine(p)}`);
      drawn = true;
      if (p.done === p.total) {
        io.err('\n');
        drawn = false;
      }
    } else io.err(`${progressLine(p)}\n`);
  };
  const onStep = (step: string) => {
    if (drawn) io.err('\n');
    drawn = false;
    io.err(`${step}...\n`);
  };
  try {
    const admin = createAdmin({ storage });
    await admin.context.ready();
    if (config.file) return await exportFile(admin, config.file, config.projects[0], io);
    const options = {
      unleash: { url: config.unleashUrl, key: config.key },
      admin,
      principal: SYSTEM_PRINCIPAL,
      projects: config.projects,
      dryRun: config.dryRun,
      pageSize: config.pageSize,
      onProgress,
      onStep,
    };
    const summary = command === 'migrate' ? await migrateFromUnleash(options) : await exportToUnleash(options);
    const unleash = `Unleash at ${config.unleashUrl}`;
    const [from, to] = command === 'migrate' ? [unleash, 'flagadmin'] : ['flagadmin', unleash];
    io.out(summaryLines(summary, from, to).join('\n'));
    if (summary.tokens.length && command === 'migrate')
      io.out(
        "  To keep an SDK's secret, start flagadmin with it: INIT_BACKEND_API_TOKENS (client/backend), INIT_CLIENT_API_TOKENS,\n  INIT_ADMIN_API_TOKENS; or create new tokens at /api/admin/api-tokens and hand them out.",
      );
    return incomplete(summary) ? INCOMPLETE : DONE;
  } catch (error) {
    if (drawn) io.err('\n');
    if (isMigrateError(error)) {
      io.err(`flagadmin ${command}: ${error.message}\n`);
      io.err(
        `flagadmin ${command}: nothing more was written; what was written is whole (each import is one transaction): run it again to finish\n`,
      );
      return UNLEASH_FAILED;
    }
    io.err(`flagadmin ${command}: ${error instanceof Error ? error.message : String(error)}\n`);
    return INCOMPLETE;
  } finally {
    await storage.close().catch(() => undefined);
  }
}
