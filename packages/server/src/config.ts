import { resolve } from 'node:path';
import {
  DEFAULT_BODY_LIMIT,
  DEFAULT_STREAM_OPTIONS,
  isSetupError,
  parseInitialKeys,
  weakInitialKeyWarnings,
  type Limits,
} from '@flagadmin/core';
import { DEFAULT_HEADERS_TIMEOUT, DEFAULT_KEEP_ALIVE_TIMEOUT, DEFAULT_REQUEST_TIMEOUT } from '@flagadmin/node-http';
import { ConfigError } from './config-error';
import { normalizeBasePath, recordingEnv, unreadEnvWarnings } from './env-names';
import { DEFAULT_SCHEDULE_INTERVAL_MS } from './change-request-scheduler';
import { limitsConfig } from './limits-config';
import type { DeliverySettings } from './integrations';
import { fromEnv, integer, onOff, originList, parseFlags, pickedEnv, type Env, type Picker } from './config-values';
import { INTEGRATIONS_FLAGS, integrationsConfig, secretsConfig, secretsKeyFileWarnings, type SecretsKeys } from './integrations-config';
import { DATABASE_FLAGS, databaseConfig, isPostgresUrl, type DatabaseConfig } from './database-config';
import { OIDC_FLAGS, oidcConfig, type OidcConfig } from './oidc-config';
import { PEOPLE_FLAGS, peopleConfig, type PeopleConfig } from './people-config';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_PORT = 4242;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = 'flagadmin-data';
/** How long a graceful shutdown may take before the bin gives up with exit code 1 (ms). */
export const DEFAULT_SHUTDOWN_TIMEOUT = 10_000;
const MAX_MS = 24 * 60 * 60 * 1000;

/** Everything the bin needs, resolved from flags, environment and defaults. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the lowdb data directory. */
  dataDir: string;
  /** A PostgreSQL connection URL: the data lives there instead of `dataDir`. */
  databaseUrl?: string;
  /** With `databaseUrl`: the pool size, the processes sharing the server, a direct URL for LISTEN (each when given). */
  database?: DatabaseConfig;
  /** Create demo data on a first start with empty data. */
  demo: boolean;
  /**
   * Generate (and print) an admin key with the demo data: only when no start-up key is given. With
   * INIT_*_API_TOKENS the given keys are the way in, and no other key may reach the logs.
   */
  demoAdminKey: boolean;
  logLevel: LogLevel;
  initAdminTokens: string[];
  initClientTokens: string[];
  /** INIT_BACKEND_API_TOKENS: client keys under Unleash's current name, stored as type `backend`. */
  initBackendTokens: string[];
  bodyLimit: number;
  /** Milliseconds to receive a request's line and headers (then 408). */
  headersTimeoutMs: number;
  /** Milliseconds to receive a whole request, body included (then 408); 0 = none. */
  requestTimeoutMs: number;
  /** Milliseconds an idle keep-alive connection stays open; 0 = none. */
  keepAliveTimeoutMs: number;
  /** Milliseconds a shutdown may take before the bin exits 1 without waiting for open requests. */
  shutdownTimeoutMs: number;
  /** Milliseconds between looks for scheduled change requests that are due (there is one at start too). */
  scheduleIntervalMs: number;
  /** Path prefix the whole service is mounted under ('' = the root), e.g. '/flags'. */
  basePath: string;
  /** Compress answers over 1 KiB with gzip or brotli when the client accepts it. */
  compression: boolean;
  /** Serve GET /metrics and /internal-backstage/prometheus (Prometheus text format); on unless switched off. */
  metrics: boolean;
  /** When set, /metrics wants `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Overrides of core's limits (DEFAULT_LIMITS); each a 400 naming it when a request goes past. */
  limits: Partial<Limits>;
  /** Most open SDK streams (/api/client/streaming); over it a stream is refused with 429 and the SDK polls. */
  maxStreams: number;
  /** Milliseconds between heartbeats on an idle SDK stream. */
  streamHeartbeatMs: number;
  /** Helper threads writing a change to many SDK streams (node-http's `streamWriteThreads`); unset: its default. */
  streamWriteThreads?: number;
  /** Origins browsers may read the frontend API and OFREP from (`*`: any); unset: core's default, any. */
  frontendApiOrigins?: string[];
  /** Deliver events to the integrations from this process (its lease and retry time), or false: not here. */
  integrations: false | Required<DeliverySettings>;
  /** The key integration secrets are sealed with at rest (and previous keys for a rotation); unset: none given. */
  secrets?: SecretsKeys;
  /** Single sign-on through an OpenID Connect issuer (unset: password and key sign-in only). */
  oidc?: OidcConfig;
  /** The first admin, sessions' lifetime, trusted origins (unset: none given). */
  people?: PeopleConfig;
}

export { ConfigError };

export type ParsedCommand =
  | { help: true }
  | { help: false; version: true }
  | { help: false; version?: false; config: ServerConfig /** start-up warnings, one line each */; warnings: string[] };

/** The comma-separated secrets of INIT_*_API_TOKENS, checked by core (the check ensureInitialKeys makes). */
function tokens(env: Env, name: string, type: 'admin' | 'client' | 'backend'): string[] {
  const list = (fromEnv(env, name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  try {
    parseInitialKeys({ [type]: list });
  } catch (error) {
    if (isSetupError(error)) throw new ConfigError(error.message);
    throw error;
  }
  return list;
}

/**
 * Reads the command line (without `node` and the script) and the environment. Throws ConfigError
 * with a one-line message for an unknown flag, a missing value or a bad value.
 */
export function parseConfig(argv: readonly string[], givenEnv: Env = {}, cwd: string = '.'): ParsedCommand {
  const { env, read } = recordingEnv(givenEnv);
  const values = parseFlags(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    'database-url': { type: 'string' },
    ...DATABASE_FLAGS,
    'body-limit': { type: 'string' },
    'log-level': { type: 'string' },
    'headers-timeout': { type: 'string' },
    'request-timeout': { type: 'string' },
    'keep-alive-timeout': { type: 'string' },
    'shutdown-timeout': { type: 'string' },
    'schedule-interval': { type: 'string' },
    'max-streams': { type: 'string' },
    'stream-heartbeat': { type: 'string' },
    'stream-write-threads': { type: 'string' },
    'no-demo': { type: 'boolean' },
    'base-path': { type: 'string' },
    'frontend-api-origins': { type: 'string' },
    'no-compression': { type: 'boolean' },
    metrics: { type: 'boolean' },
    'no-metrics': { type: 'boolean' },
    ...INTEGRATIONS_FLAGS,
    limit: { type: 'string', multiple: true },
    ...OIDC_FLAGS,
    ...PEOPLE_FLAGS,
    version: { type: 'boolean', short: 'v' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values['help']) return { help: true };
  if (values['version']) return { help: false, version: true };

  const flag = (name: string): string | undefined => values[name] as string | undefined;
  const pick = (flagName: string, envName: string): { value: string; what: string } | undefined => {
    const e = fromEnv(env, envName); // read even when the flag wins, so the name counts as known
    const f = flag(flagName);
    if (f !== undefined) return { value: f.trim(), what: `--${flagName}` };
    return e === undefined ? undefined : { value: e, what: envName };
  };

  const port = pick('port', 'HTTP_PORT') ?? pick('port', 'PORT');
  const host = pick('host', 'HTTP_HOST') ?? pick('host', 'HOST');
  const data = pick('data', 'FLAGADMIN_DATA');
  const databaseUrl = pick('database-url', 'DATABASE_URL');
  const bodyLimit = pick('body-limit', 'BODY_LIMIT');
  const logLevel = pick('log-level', 'LOG_LEVEL');

  const ms = (flagName: string, envName: string, fallback: number, min = 0): number => {
    const picked = pick(flagName, envName);
    return picked ? integer(picked.value, picked.what, min, MAX_MS) : fallback;
  };
  const headersTimeoutMs = ms('headers-timeout', 'FLAGADMIN_HEADERS_TIMEOUT_MS', DEFAULT_HEADERS_TIMEOUT, 1);
  const requestTimeoutMs = ms('request-timeout', 'FLAGADMIN_REQUEST_TIMEOUT_MS', DEFAULT_REQUEST_TIMEOUT);
  const keepAliveTimeoutMs = ms('keep-alive-timeout', 'FLAGADMIN_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_KEEP_ALIVE_TIMEOUT);
  const shutdownTimeoutMs = ms('shutdown-timeout', 'FLAGADMIN_SHUTDOWN_TIMEOUT_MS', DEFAULT_SHUTDOWN_TIMEOUT, 1);
  const scheduleIntervalMs = ms('schedule-interval', 'FLAGADMIN_SCHEDULE_INTERVAL_MS', DEFAULT_SCHEDULE_INTERVAL_MS, 100);
  const streamHeartbeatMs = ms('stream-heartbeat', 'FLAGADMIN_STREAM_HEARTBEAT_MS', DEFAULT_STREAM_OPTIONS.heartbeatMs, 100);
  const maxStreams = pick('max-streams', 'FLAGADMIN_MAX_STREAMS');
  const writeThreads = pick('stream-write-threads', 'FLAGADMIN_STREAM_WRITE_THREADS');
  // Unleash's name and parsing (comma-separated, trimmed), checked before anything opens.
  const origins = originList(pick('frontend-api-origins', 'UNLEASH_FRONTEND_API_ORIGINS'), 'frontendApiOrigins', true);
  if (requestTimeoutMs > 0 && headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(`the headers timeout (${headersTimeoutMs} ms) must not be above the request timeout (${requestTimeoutMs} ms)`);
  }

  const service = serviceOptions(env, values, pick);
  const oidc = oidcConfig(pick);
  const people = peopleConfig(pick, env);
  const secrets = secretsConfig(pick, env, cwd);
  if (host && host.value === '') throw new ConfigError(`${host.what} must not be empty`);
  if (data && data.value === '') throw new ConfigError(`${data.what} must not be empty`);
  if (databaseUrl && !isPostgresUrl(databaseUrl.value)) {
    throw new ConfigError(`${databaseUrl.what} must be a postgres:// URL, e.g. postgres://user:password@host:5432/db`);
  }
  const database = databaseConfig(pick, databaseUrl);
  const level = (logLevel?.value.toLowerCase() ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(level)) {
    throw new ConfigError(`${logLevel!.what} must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(logLevel!.value)}`);
  }

  const initAdminTokens = tokens(env, 'INIT_ADMIN_API_TOKENS', 'admin');
  const initClientTokens = tokens(env, 'INIT_CLIENT_API_TOKENS', 'client');
  const initBackendTokens = tokens(env, 'INIT_BACKEND_API_TOKENS', 'backend');
  return {
    help: false,
    config: {
      port: port ? integer(port.value, port.what, 0, 65535) : DEFAULT_PORT,
      host: host?.value ?? DEFAULT_HOST,
      dataDir: resolve(cwd, data?.value ?? DEFAULT_DATA_DIR),
      ...(databaseUrl ? { databaseUrl: databaseUrl.value } : {}),
      ...(Object.keys(database).length ? { database } : {}),
      demo: !values['no-demo'],
      demoAdminKey: initAdminTokens.length === 0 && initClientTokens.length === 0 && initBackendTokens.length === 0,
      logLevel: level,
      initAdminTokens,
      initClientTokens,
      initBackendTokens,
      bodyLimit: bodyLimit ? integer(bodyLimit.value, bodyLimit.what, 1, 1024 * 1024 * 1024) : DEFAULT_BODY_LIMIT,
      headersTimeoutMs,
      requestTimeoutMs,
      keepAliveTimeoutMs,
      shutdownTimeoutMs,
      scheduleIntervalMs,
      ...service,
      limits: limitsConfig((values['limit'] as string[] | undefined) ?? [], env),
      maxStreams: maxStreams ? integer(maxStreams.value, maxStreams.what, 1, 10_000_000) : DEFAULT_STREAM_OPTIONS.max,
      streamHeartbeatMs,
      ...(writeThreads ? { streamWriteThreads: integer(writeThreads.value, writeThreads.what, 0, 64) } : {}),
      ...(origins ? { frontendApiOrigins: origins } : {}),
      integrations: integrationsConfig(values, env, ms),
      ...(secrets ? { secrets } : {}),
      ...(oidc ? { oidc } : {}),
      ...(Object.keys(people).length ? { people } : {}),
    },
    warnings: [
      ...unreadEnvWarnings(givenEnv, read),
      ...weakInitialKeyWarnings({ admin: initAdminTokens, client: initClientTokens, backend: initBackendTokens }),
      ...(secrets ? secretsKeyFileWarnings(pick, cwd) : []),
    ],
  };
}

/** Mount path, compression and metrics: how the service is exposed. */
function serviceOptions(
  env: Env,
  values: Record<string, unknown>,
  pick: Picker,
): Pick<ServerConfig, 'basePath' | 'compression' | 'metrics' | 'metricsToken'> {
  const base = pick('base-path', 'BASE_URI_PATH');
  const basePath = base ? normalizeBasePath(base.value) : '';
  if (basePath === null) throw new ConfigError(`${base!.what} must be a URL path such as /flags, got ${JSON.stringify(base!.value)}`);
  const compression = values['no-compression'] ? false : onOff(pickedEnv(env, 'FLAGADMIN_COMPRESSION'), true);
  const metricsToken = fromEnv(env, 'FLAGADMIN_METRICS_TOKEN');
  if (values['metrics'] && values['no-metrics']) throw new ConfigError('--metrics and --no-metrics contradict each other');
  const metricsByFlag = values['metrics'] ? true : values['no-metrics'] ? false : undefined;
  const metrics = metricsByFlag ?? onOff(pickedEnv(env, 'FLAGADMIN_METRICS'), true);
  return { basePath, compression, metrics, metricsToken };
}
