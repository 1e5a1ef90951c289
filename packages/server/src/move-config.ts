/**
 * The command line of `flagadmin migrate` and `flagadmin export`: the Unleash (URL and key), the projects,
 * a dry run, and the bin's storage options (`--data` / `--database-url`, and their environment variables).
 */
import { resolve } from 'node:path';
import { ConfigError } from './config-error';
import { parseFlags, type Env } from './config-values';
import { DEFAULT_DATA_DIR } from './config';

export type MoveCommandName = 'migrate' | 'export';

export interface MoveConfig {
  command: MoveCommandName;
  /** Unleash's base URL (`--from` for migrate, `--to` for export); empty with `file`. */
  unleashUrl: string;
  /** Unleash's admin key: `--key`, else UNLEASH_API_KEY; empty with `file`. */
  key: string;
  /** export only: write one environment's export (Unleash's format) to this file instead of into an Unleash. */
  file?: { path: string; environment: string };
  projects: string[];
  dryRun: boolean;
  dataDir: string;
  databaseUrl?: string;
  pageSize: number;
}

export type ParsedMoveCommand = { help: true } | { help: false; config: MoveConfig };

const MAX_PAGE = 1000;

export function parseMoveConfig(command: MoveCommandName, argv: readonly string[], env: Env, cwd: string): ParsedMoveCommand {
  const where = command === 'migrate' ? 'from' : 'to';
  const values = parseFlags(argv, {
    [where]: { type: 'string' },
    key: { type: 'string' },
    project: { type: 'string', multiple: true },
    'dry-run': { type: 'boolean' },
    data: { type: 'string' },
    'database-url': { type: 'string' },
    'page-size': { type: 'string' },
    ...(command === 'export' ? { file: { type: 'string' as const }, environment: { type: 'string' as const } } : {}),
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help']) return { help: true };
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : undefined);
  const filePath = text('file');
  const environment = text('environment');
  if (filePath !== undefined && text(where) !== undefined)
    throw new ConfigError('--file and --to exclude each other: one export goes to one place');
  if (filePath !== undefined && !environment)
    throw new ConfigError('--file needs --environment <name>: a file holds one environment, as Unleash imports it');
  if (filePath === undefined && environment !== undefined) throw new ConfigError('--environment goes with --file');
  const file = filePath === undefined ? undefined : { path: resolve(cwd, filePath), environment: environment! };
  const unleashUrl = file ? '' : text(where);
  if (unleashUrl === undefined) throw new ConfigError(`--${where} <Unleash URL> is required, e.g. --${where} https://unleash.example.com`);
  if (!file && !/^https?:\/\/./.test(unleashUrl))
    throw new ConfigError(`--${where} must be a http(s) URL, e.g. https://unleash.example.com`);
  const key = file ? '' : (text('key') ?? env['UNLEASH_API_KEY']?.trim());
  if (!file && !key) throw new ConfigError('--key <Unleash admin key> (or UNLEASH_API_KEY) is required');
  const data = text('data') ?? env['FLAGADMIN_DATA'];
  const databaseUrl = text('database-url') ?? env['DATABASE_URL'];
  if (data === '') throw new ConfigError('--data must not be empty');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/./.test(databaseUrl))
    throw new ConfigError('--database-url must be a postgres:// URL, e.g. postgres://user:password@host:5432/db');
  const pageText = text('page-size');
  const pageSize = pageText === undefined ? 500 : Number(pageText);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE)
    throw new ConfigError(`--page-size must be an integer from 1 to ${MAX_PAGE}`);
  const projects = ((values['project'] as string[] | undefined) ?? [])
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter(Boolean);
  if (file && projects.length > 1) throw new ConfigError('--file takes at most one --project: Unleash imports a file into one project');
  return {
    help: false,
    config: {
      command,
      unleashUrl,
      key: key ?? '',
      ...(file ? { file } : {}),
      projects,
      dryRun: values['dry-run'] === true,
      dataDir: resolve(cwd, data ?? DEFAULT_DATA_DIR),
      ...(databaseUrl ? { databaseUrl } : {}),
      pageSize,
    },
  };
}

/** The options both commands take, after their own. */
const COMMON_OPTIONS = `  --project <id>        only this project (repeatable, or comma-separated; default every project)
  --dry-run             write nothing; print what would be created, updated and skipped
  --data <dir>          FLAGADMIN_DATA    flagadmin's data directory (default ./${DEFAULT_DATA_DIR})
  --database-url <url>  DATABASE_URL      flagadmin's PostgreSQL instead of the data directory
  --page-size <n>       features per export and import (default 500, at most ${MAX_PAGE})
  -h, --help            show this help`;

export const MOVE_USAGE: Record<MoveCommandName, string> = {
  migrate: `Usage: flagadmin migrate --from <Unleash URL> --key <admin key> [options]

Brings a running Unleash into flagadmin through Unleash's admin API: environments (order, on/off), projects,
context fields, tag types and tags, segments, custom strategy definitions, features with their environments,
strategies, variants, tags, dependencies and links, archived features (archived), change-request settings.
What the data already holds unchanged is left alone: a second run changes nothing. API tokens are listed,
never copied (create them anew). Run it while no flagadmin uses the data directory (a database may be shared).

Options:
  --from <url>          Unleash's base URL, e.g. https://unleash.example.com
  --key <key>           UNLEASH_API_KEY   an Unleash admin API token (or a personal access token)
${COMMON_OPTIONS}

Exit codes: 0 everything brought, 1 something not brought (listed with the reason) or flagadmin's data
unusable, 2 bad flag, 3 Unleash unreachable, refusing the key, or not answering as Unleash.`,
  export: `Usage: flagadmin export --to <Unleash URL> --key <key> [options]
       flagadmin export --file <path> --environment <name> [--project <id>] [--data <dir> | --database-url <url>]

Writes flagadmin's data into a running Unleash through Unleash's admin API (the way back): what Unleash lacks
or holds differently is written, the rest left alone. Unleash's import wants a personal access token or a
service account's token (an admin API token is refused there); its open-source edition creates neither
projects nor environments (those are listed as skipped: create them in Unleash first).

Options:
  --to <url>            Unleash's base URL
  --file <path>         instead: write one environment's export to a file, in Unleash's format (its import takes it)
  --environment <name>  the environment of --file
  --key <key>           UNLEASH_API_KEY   a personal access token or service account token of an Unleash admin
${COMMON_OPTIONS}

Exit codes: as flagadmin migrate.`,
};
