// The `flagadmin` command: config from flags and env, start-up text, JSON logs, signals and exit codes.
// Exit codes: 0 stopped by SIGTERM/SIGINT; 1 runtime failure (data directory in use or unreadable,
// cannot listen, uncaught error, second signal, shutdown over the time limit); 2 bad flag or env value.
import { createRequire } from 'node:module';
import { ConfigError, parseConfig, type ServerConfig } from './config';
import { USAGE } from './usage';
import { runMoveCommand } from './move-command';
import { demoCurls } from './demo-curls';
import { createBinLogger } from './logger';
import { startServer, type RunningServer } from './start';

/** The URL as it may be printed: the password replaced by `***`. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}
const out = (text: string) => void process.stdout.write(`${text}\n`);
const fail = (text: string) => void process.stderr.write(`flagadmin: ${text}\n`);

// `flagadmin migrate ...` and `flagadmin export ...`: a move between a running Unleash and the data, then exit.
const [command] = process.argv.slice(2);
if (command === 'migrate' || command === 'export') {
  const io = { out, err: (text: string) => void process.stderr.write(text), tty: process.stderr.isTTY === true };
  process.exit(await runMoveCommand(command, process.argv.slice(3), process.env, process.cwd(), io));
}

let config: ServerConfig;
let warnings: string[];
try {
  const parsed = parseConfig(process.argv.slice(2), process.env, process.cwd());
  if (parsed.help) {
    out(USAGE);
    process.exit(0);
  }
  if (parsed.version) {
    // ../package.json from both src/cli.ts and dist/cli.js
    out((createRequire(import.meta.url)('../package.json') as { version: string }).version);
    process.exit(0);
  }
  ({ config, warnings } = parsed);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(`${error.message} (see flagadmin --help)`);
  process.exit(2);
}

for (const warning of warnings) fail(`warning: ${warning}`);

const logger = createBinLogger(config.logLevel);

let running: RunningServer | undefined;
let stopping: NodeJS.Signals | false = false;
// Under a package manager's script (`pnpm start`), Ctrl-C reaches the bin twice: from the terminal and
// forwarded by the manager. Only a signal beyond those forces an exit.
const underPackageManager = process.env['npm_lifecycle_event'] !== undefined;
let repeatsBeforeForcedExit = underPackageManager ? 2 : 1;
// The manager stops listening for Ctrl-C once the bin has exited; a Ctrl-C it had not handled yet then
// kills it (exit by signal, an ELIFECYCLE error). Its forwarded copy reaching the bin proves it handled
// its own, so the bin exits after that copy (or after FORWARDED_SIGNAL_WAIT_MS, for a manager that
// forwards nothing).
const FORWARDED_SIGNAL_WAIT_MS = 5_000;
let forwardedSignal: () => void = () => undefined;
const forwarded = new Promise<void>((resolve) => (forwardedSignal = resolve));

process.on('uncaughtException', (error) => {
  logger.error({ err: error }, 'uncaught exception');
  fail(`uncaught exception: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'unhandled rejection');
  fail(`unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  process.exit(1);
});

function stop(signal: NodeJS.Signals): void {
  if (stopping) forwardedSignal();
  if (stopping && --repeatsBeforeForcedExit > 0) return;
  if (stopping) {
    fail(`${signal} during shutdown: exiting now`);
    process.exit(1);
  }
  stopping = signal;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    fail(`shutdown took longer than ${config.shutdownTimeoutMs} ms: exiting without waiting for open requests`);
    process.exit(1);
  }, config.shutdownTimeoutMs);
  // A signal during start-up: closed once started (startServer closes the storage itself on failure).
  if (running) closeAndExit(running, signal);
}

function closeAndExit(server: RunningServer, signal: NodeJS.Signals): void {
  server.close().then(
    async () => {
      logger.info({ signal }, 'stopped');
      if (underPackageManager && signal === 'SIGINT') {
        await Promise.race([forwarded, new Promise((resolve) => setTimeout(resolve, FORWARDED_SIGNAL_WAIT_MS).unref())]);
      }
      process.exit(0);
    },
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      fail(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

function startFailure(error: unknown): never {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof ConfigError) {
    fail(`${error.message} (see flagadmin --help)`);
    process.exit(2);
  }
  if (name === 'FlagadminStorageLockedError') {
    fail(`${(error as Error).message}: another flagadmin uses it; stop that one or choose another --data directory`);
  } else if (name === 'FlagadminStorageCorruptError') {
    fail(`cannot open the data: ${(error as Error).message}`);
  } else if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    fail(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  } else {
    logger.error({ err: error }, 'start-up failed');
    fail(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}

try {
  running = await startServer({
    port: config.port,
    host: config.host,
    dataDir: config.dataDir,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    ...(config.database ? { database: config.database } : {}),
    demo: config.demo,
    demoAdminKey: config.demoAdminKey,
    initAdminTokens: config.initAdminTokens,
    initClientTokens: config.initClientTokens,
    initBackendTokens: config.initBackendTokens,
    bodyLimit: config.bodyLimit,
    limits: config.limits,
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    scheduleIntervalMs: config.scheduleIntervalMs,
    streams: { max: config.maxStreams, heartbeatMs: config.streamHeartbeatMs },
    ...(config.streamWriteThreads !== undefined ? { streamWriteThreads: config.streamWriteThreads } : {}),
    basePath: config.basePath,
    compression: config.compression,
    metrics: config.metrics && { token: config.metricsToken },
    ...(config.frontendApiOrigins ? { frontendApiOrigins: config.frontendApiOrigins } : {}),
    ...(config.oidc ? { oidc: config.oidc } : {}),
    integrations: config.integrations,
    ...(config.secrets ? { secrets: config.secrets } : {}),
    ...(config.people ? { people: config.people } : {}),
    logger,
  });
} catch (error) {
  startFailure(error);
}

const server = running;
const where = config.databaseUrl ? `database: ${withoutPassword(config.databaseUrl)}` : `data directory: ${server.dataDir}`;
const lines = [`flagadmin listening on ${server.url}`, `  ${where}`];
if (server.initKeysCreated > 0) lines.push(`  ${server.initKeysCreated} start-up key(s) added from INIT_*_API_TOKENS`);
const NO_ADMIN_KEY_YET =
  "No admin key yet: restart with INIT_ADMIN_API_TOKENS='*:*.<64 hex characters>' (e.g. *:*.$(openssl rand -hex 32)).";
if (server.demo) {
  const { demo } = server;
  lines.push(
    '',
    `Demo data created: ${demo.projects.length} projects (${demo.projects.join(', ')}), ${demo.featureCount} features,`,
    '  change requests, and SDK applications with current and outdated SDK versions.',
  );
  // With start-up keys given no key was generated (config.demoAdminKey), and none but the given ones is printed.
  if (demo.adminKey !== null) {
    lines.push(
      '',
      'Admin API key (shown only this once; only its hash is stored):',
      `  ${demo.adminKey}`,
      '',
      'Try it:',
      ...demoCurls(server.url, demo.adminKey, demo).map((line) => `  ${line}`),
    );
    if (demo.adminPerson) {
      const { username, password } = demo.adminPerson;
      lines.push(
        '',
        'Sign in to the page (shown only this once; only its hash is stored):',
        `  username ${username}  password ${password}`,
      );
    }
  } else if (config.initAdminTokens.length > 0) {
    lines.push(
      '',
      'No admin key was generated (start-up keys were given): use one of INIT_ADMIN_API_TOKENS. Try it:',
      ...demoCurls(server.url, '<a key of INIT_ADMIN_API_TOKENS>', demo).map((line) => `  ${line}`),
    );
  } else {
    lines.push('', NO_ADMIN_KEY_YET);
  }
} else if (server.emptyAtStart && config.initAdminTokens.length === 0) {
  lines.push('', NO_ADMIN_KEY_YET);
} else if (!server.emptyAtStart) {
  lines.push(
    '',
    'Existing data: no demo data and no new key were created.',
    "Use a key you already have, or add one: INIT_ADMIN_API_TOKENS='*:*.<64 hex characters>' (e.g. *:*.$(openssl rand -hex 32)).",
  );
}
if (server.secretsKey !== 'given') {
  const make = 'FLAGADMIN_SECRETS_KEY=$(openssl rand -base64 32), the same for every process of the data';
  lines.push(
    '',
    server.secretsKey === 'this run only'
      ? `Integration secrets are sealed with a key made for this run only: after a restart they cannot be read. Keep them: ${make}.`
      : `No secrets key: integrations with secrets (URLs, tokens) are refused. Give one: ${make}.`,
  );
}
out(lines.join('\n'));
// A signal that arrived while starting: shut down now that there is something to close.
if (stopping) closeAndExit(server, stopping);
