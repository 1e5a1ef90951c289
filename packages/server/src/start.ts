import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import {
  createFlagadmin,
  isSetupError,
  silentLogger,
  type Admin,
  type FetchHandler,
  type Limits,
  type Logger,
  type PeopleOptions,
  type Storage,
  type StreamOptions,
} from '@flagadmin/core';
import { nodeSha256Hex, scryptPasswordHasher, serve, type ServeResult } from '@flagadmin/node-http';
import type { PeopleConfig } from './people-config';
import { lowdbStorage } from '@flagadmin/storage-lowdb';
import { postgresStorage } from '@flagadmin/storage-postgres';
import { withUi } from '@flagadmin/ui';
import type { OidcConfig } from './oidc-config';
import { oidcSignInOption, withSignInRoutes } from './oidc-routes';
import { ConfigError, DEFAULT_DATA_DIR, DEFAULT_HOST, DEFAULT_PORT } from './config';
import { isEmptyData, seedDemo, type DemoData } from './demo';
import { normalizeBasePath } from './env-names';
import { createMetrics } from './metrics';
import { startChangeRequestScheduler } from './change-request-scheduler';
import { startDelivery, type DeliverySettings } from './integrations';

export interface StartServerOptions {
  /** Default 4242; 0 = any free port (read it back from the result). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The lowdb data directory; default ./flagadmin-data. Ignored when `storage` is given. */
  dataDir?: string;
  /** A PostgreSQL connection URL: @flagadmin/storage-postgres instead of lowdb (`dataDir` ignored). */
  databaseUrl?: string;
  /**
   * With `databaseUrl`: the pool size (default 10), how many processes share the PostgreSQL server (the
   * connection budget checked at start; default 1) and a direct URL for LISTEN and the start-up lock when
   * `databaseUrl` goes through PgBouncer in transaction mode (@flagadmin/storage-postgres' `max`,
   * `processes`, `listenUrl`).
   */
  database?: { poolSize?: number; processes?: number; listenUrl?: string };
  /** Any other storage (memory, a custom adapter) instead of lowdb; closed by `close()` all the same. */
  storage?: Storage;
  /** Create demo data when the data is empty (no feature, no project beyond `default`). Default true. */
  demo?: boolean;
  /**
   * Whether the demo makes a new admin key (returned once in `demo.adminKey`) and acts as it. Default true;
   * false: it acts as the system and no key is made (the bin's choice when start-up keys are given).
   */
  demoAdminKey?: boolean;
  /** Start-up keys (INIT_ADMIN_API_TOKENS / INIT_CLIENT_API_TOKENS / INIT_BACKEND_API_TOKENS): Unleash-shaped secrets. */
  initAdminTokens?: readonly string[];
  initClientTokens?: readonly string[];
  /** Client keys stored as type `backend`, as Unleash 8 stores INIT_BACKEND_API_TOKENS. */
  initBackendTokens?: readonly string[];
  /** Largest request body in bytes; default 102,400. */
  bodyLimit?: number;
  /** Overrides of core's limits (DEFAULT_LIMITS); a bad one is a ConfigError. */
  limits?: Partial<Limits>;
  /** Server timeouts in ms (defaults: @flagadmin/node-http's, 10000 / 30000 / 5000); 408 past the first two. */
  headersTimeout?: number;
  requestTimeout?: number;
  keepAliveTimeout?: number;
  /** Serve everything (API, docs, health) under this path, e.g. '/flags'; other paths get 404. Default: the root. */
  basePath?: string;
  /** Brotli/gzip for answers over 1 KiB when the client accepts it (node-http's `compression`). Default true. */
  compression?: boolean;
  /** Prometheus metrics at /metrics and /internal-backstage/prometheus; a token puts them behind `Bearer <token>`. Default off (the bin turns them on). */
  metrics?: boolean | { token?: string | undefined };
  /** How often scheduled change requests are looked for, in ms (also once at start). Default 10,000. */
  scheduleIntervalMs?: number;
  /** SDK streams: most open (default 10,000; then 429), heartbeat (default 30,000 ms), revisions kept (default 64). */
  streams?: StreamOptions;
  /**
   * Helper threads that write a change to many SDK streams beside the main one (node-http's
   * `streamWriteThreads`). Default: one per core beyond the first, at most 3; 0: none.
   */
  streamWriteThreads?: number;
  /** Origins browsers may read the frontend API and OFREP from (core's `frontendApiOrigins`; default any). */
  frontendApiOrigins?: readonly string[];
  /**
   * Deliver events to the integrations (webhook, Slack, Teams) from this process (@flagadmin/integrations);
   * settings for the lease and the retry time. Default true; false: this process sends nothing.
   */
  integrations?: boolean | DeliverySettings;
  /** Single sign-on through an OpenID Connect issuer: GET /auth/oidc/login and /auth/oidc/callback. Default none. */
  oidc?: OidcConfig;
  /** People: the first admin (made when nobody exists), sessions' lifetime, trusted origins. Passwords use node's scrypt. */
  people?: PeopleConfig;
  /**
   * The key integration secrets are sealed with at rest (core's `secretsKey`), and previous keys that only
   * open what they sealed. Unset: on a first start with the demo on lowdb, a key for this run only (in
   * memory: what is sealed with it cannot be read after a restart); otherwise none (secrets refused).
   */
  secrets?: { key: string; previousKeys?: readonly string[] };
  /** Gets core's request lines and errors; default silent. */
  logger?: Logger;
  now?: () => Date;
}

export interface RunningServer {
  /** A URL that reaches the server, e.g. http://127.0.0.1:4242 (the real port when 0 was asked; with the base path). */
  url: string;
  port: number;
  admin: Admin;
  handle: FetchHandler;
  /** The data directory in use (undefined with a custom `storage` or a database). */
  dataDir: string | undefined;
  /** True when the data was empty at start (no feature, no project beyond `default`). */
  emptyAtStart: boolean;
  /** What the demo created, when it ran at this start; its `adminKey` is shown nowhere else. */
  demo: DemoData | null;
  /** How many INIT keys were new to the storage. */
  initKeysCreated: number;
  /** How integration secrets are sealed: with the given key, a key made for this run only, or not at all (refused). */
  secretsKey: 'given' | 'this run only' | 'none';
  /**
   * Stops accepting connections, lets in-flight requests finish, then closes the storage (flushing it
   * and releasing the data directory's lock). Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Starts flagadmin: opens the storage (lowdb in `dataDir` unless `storage` is given), adds start-up
 * keys, creates demo data on empty data, and listens. Prints nothing and installs no signal handler:
 * that is the bin's job. Rejects with FlagadminStorageLockedError when another process holds the data
 * directory, ConfigError for a malformed start-up key, or the listen error (EADDRINUSE, ...); in every
 * case the storage is closed again.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? silentLogger;
  const basePath = normalizeBasePath(options.basePath ?? '');
  if (basePath === null) throw new TypeError(`basePath must be a URL path such as /flags, got ${JSON.stringify(options.basePath)}`);
  const dataDir = options.storage || options.databaseUrl ? undefined : resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const postgres = !options.storage && options.databaseUrl ? await openPostgres(options.databaseUrl, options.database, logger) : undefined;
  // One process at a time decides "empty" and seeds the demo, when several start on one database.
  const exclusively = postgres ? <T>(fn: () => Promise<T>) => postgres.exclusively(fn) : <T>(fn: () => Promise<T>) => fn();
  const storage = options.storage ?? postgres ?? (await lowdbStorage({ dir: dataDir!, logger }));
  let server: ServeResult | undefined;
  const metrics = options.metrics ? createMetrics(options.metrics === true ? {} : options.metrics) : undefined;
  try {
    // No key given, the demo's first start on lowdb: a key for this run only, never written anywhere.
    const runOnly =
      !options.secrets && dataDir !== undefined && options.demo !== false && (await isEmptyData(storage))
        ? randomBytes(32).toString('base64')
        : undefined;
    const secretsKey = options.secrets?.key ?? runOnly;
    const created = await asConfigError(() =>
      createFlagadmin({
        storage: metrics ? metrics.observeStorage(storage) : storage,
        logger,
        ...(options.now ? { now: options.now } : {}),
        ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
        ...(options.limits ? { limits: options.limits } : {}),
        ...(options.streams ? { streams: options.streams } : {}),
        ...(options.frontendApiOrigins ? { frontendApiOrigins: options.frontendApiOrigins } : {}),
        passwordHasher: scryptPasswordHasher(),
        sha256Hex: nodeSha256Hex,
        ...(options.people?.sessionTtlHours ? { sessionTtlHours: options.people.sessionTtlHours } : {}),
        ...(options.people?.trustedOrigins ? { trustedOrigins: options.people.trustedOrigins } : {}),
        ...peopleOptions(options.people, basePath, options.oidc !== undefined),
        ...(secretsKey ? { secretsKey } : {}),
        ...(options.secrets?.previousKeys ? { previousSecretsKeys: options.secrets.previousKeys } : {}),
      }),
    );
    const { admin } = created;
    metrics?.countKeys(admin);
    const handle = metrics ? metrics.wrap(created.handle) : created.handle;
    const initKeysCreated = await asConfigError(() =>
      admin.ensureInitialKeys({
        admin: options.initAdminTokens ?? [],
        client: options.initClientTokens ?? [],
        backend: options.initBackendTokens ?? [],
      }),
    );
    await admin.context.ready();
    const firstAdmin = options.people?.defaultAdmin;
    if (firstAdmin && (await admin.ensureDefaultAdmin(firstAdmin))) {
      logger.info({ username: firstAdmin.username }, 'created the first admin from UNLEASH_DEFAULT_ADMIN_USERNAME / _PASSWORD');
    }
    const { emptyAtStart, demo } = await exclusively(async () => {
      const emptyAtStart = await isEmptyData(storage);
      const demo =
        emptyAtStart && options.demo !== false
          ? await seedDemo(admin, { adminKey: options.demoAdminKey ?? true, ...(options.now ? { now: options.now } : {}) })
          : null;
      return { emptyAtStart, demo };
    });
    server = await serve({
      fetch: withUi(withSignInRoutes(handle, { oidc: options.oidc && { config: options.oidc, admin }, basePath, logger })),
      port: options.port ?? DEFAULT_PORT,
      hostname: options.host ?? DEFAULT_HOST,
      ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
      headersTimeout: options.headersTimeout,
      requestTimeout: options.requestTimeout,
      keepAliveTimeout: options.keepAliveTimeout,
      ...(basePath ? { stripPrefix: basePath } : {}),
      compression: options.compression ?? true,
      ...(options.streamWriteThreads !== undefined ? { streamWriteThreads: options.streamWriteThreads } : {}),
      logger,
    });
    const listening = server;
    const scheduler = startChangeRequestScheduler(admin, logger, options.scheduleIntervalMs);
    const delivery = startDelivery(storage, admin.context.secrets, logger, options.integrations, dataDir !== undefined);
    let closing: Promise<void> | undefined;
    return {
      url: listening.url + basePath,
      port: listening.port,
      admin,
      handle,
      dataDir,
      emptyAtStart,
      demo,
      initKeysCreated,
      secretsKey: options.secrets ? 'given' : runOnly ? 'this run only' : 'none',
      close: () =>
        (closing ??= (async () => {
          try {
            await scheduler.stop();
            admin.context.streams.close(); // open SDK streams end, so the server's close does not wait for them
            await listening.close();
          } finally {
            await delivery.close();
            await storage.close();
          }
        })()),
    };
  } catch (error) {
    await server?.close().catch(() => undefined);
    await storage.close().catch(() => undefined);
    throw error;
  }
}

/** The sign-in limit, the proxy setting and what a 401 tells the page about signing in (the base path, single sign-on). */
function peopleOptions(people: PeopleConfig | undefined, basePath: string, oidc: boolean): PeopleOptions {
  const limit = people?.signInPerMinute;
  return {
    ...(limit ? { signInLimit: { perMinute: limit, burst: limit } } : {}),
    ...(people?.trustProxy ? { trustProxy: true } : {}),
    signIn: { basePath, options: oidc ? [oidcSignInOption(basePath)] : [] },
  };
}

/** A SetupError (a malformed start-up key, a bad limit) is a configuration mistake, not a crash. */
async function asConfigError<T>(make: () => T | Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    if (isSetupError(error)) throw new ConfigError(error.message);
    throw error;
  }
}

/** The PostgreSQL storage of `databaseUrl`, with the bin's database settings. */
function openPostgres(url: string, database: StartServerOptions['database'], logger: Logger) {
  return postgresStorage({
    url,
    logger,
    ...(database?.poolSize !== undefined ? { max: database.poolSize } : {}),
    ...(database?.processes !== undefined ? { processes: database.processes } : {}),
    ...(database?.listenUrl !== undefined ? { listenUrl: database.listenUrl } : {}),
  });
}
